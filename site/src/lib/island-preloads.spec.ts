import { describe, expect, it } from '@jest/globals';
import { applyEdits, parseBuiltPage } from './built-page';
import { islandPreloadEdits, islandPreloads } from './island-preloads';

/** The client build's graph: each chunk and what it imports statically. */
const GRAPH = new Map<string, string[]>([
  ['/_astro/client.js', ['/_astro/runtime.js', '/_astro/framework.js']],
  ['/_astro/index.js', ['/_astro/runtime.js', '/_astro/framework.js', '/_astro/islands.js']],
  ['/_astro/islands.js', ['/_astro/framework.js', '/_astro/page.js']],
  ['/_astro/framework.js', ['/_astro/runtime.js']],
  ['/_astro/runtime.js', []],
  ['/_astro/page.js', []],
  ['/_astro/Gallery.js', ['/_astro/framework.js']],
  ['/_astro/PageScript.js', ['/_astro/page.js']],
]);

const island = (component: string, client: string, name = 'default') =>
  `<astro-island component-url="${component}" component-export="${name}" renderer-url="/_astro/client.js" client="${client}" ssr></astro-island>`;

const page = (body: string) =>
  `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>t</title></head><body>${body}` +
  `<script type="module" src="/_astro/PageScript.js" fetchpriority="low"></script></body></html>`;

describe('island preloads', () => {
  it('names every module the islands (those hydrated on sight too) and the page script need, each once, in order', () => {
    const built = parseBuiltPage(
      page(
        island('/_astro/index.js', 'idle', 'CartBar') +
          island('/_astro/Gallery.js', 'visible') +
          island('/_astro/index.js', 'load', 'ProductActions'),
      ),
    );
    expect(built.islands).toEqual(['CartBar', 'Gallery', 'ProductActions']);
    expect(islandPreloads(built, GRAPH)).toEqual([
      '/_astro/client.js',
      '/_astro/runtime.js',
      '/_astro/framework.js',
      '/_astro/index.js',
      '/_astro/islands.js',
      '/_astro/page.js',
      '/_astro/Gallery.js',
      '/_astro/PageScript.js',
    ]);
  });

  it('names the modules of an island hydrated when reached for: the first tap finds them there', () => {
    const built = parseBuiltPage(page(island('/_astro/Gallery.js', 'touch')));
    expect(islandPreloads(built, GRAPH)).toEqual([
      '/_astro/client.js',
      '/_astro/runtime.js',
      '/_astro/framework.js',
      '/_astro/Gallery.js',
      '/_astro/PageScript.js',
      '/_astro/page.js',
    ]);
  });

  it('leaves out an island hydrated on a media query only: on many screens it never runs', () => {
    const built = parseBuiltPage(page(island('/_astro/Gallery.js', 'media')));
    expect(islandPreloads(built, GRAPH)).toEqual(['/_astro/PageScript.js', '/_astro/page.js']);
  });

  it('puts the links right after the charset, at low priority; a page without islands preloads its script and what it imports', () => {
    const html = page('<p>texte</p>');
    const out = applyEdits(html, islandPreloadEdits(parseBuiltPage(html), GRAPH));
    expect(out).toContain(
      '<meta charset="utf-8"><link rel="modulepreload" href="/_astro/PageScript.js" fetchpriority="low"><link rel="modulepreload" href="/_astro/page.js" fetchpriority="low"><title>',
    );
    expect(out.match(/modulepreload/g)).toHaveLength(2);
  });

  it('adds nothing without the client graph (astro dev)', () => {
    const html = page(island('/_astro/index.js', 'load'));
    expect(islandPreloadEdits(parseBuiltPage(html), new Map())).toEqual([]);
  });
});
