import { describe, expect, it } from '@jest/globals';
import { applyEdits, parseBuiltPage } from './built-page';
import { inlineCopy } from '../../integrations/inline-framework.mjs';
import { frameworkScriptEdits } from './framework-script';

const SCRIPT = { code: 'globalThis.__comptoirFramework={}', hash: 'Ab3_x-9Z' };
const island =
  '<astro-island component-url="/_astro/index.js" component-export="CartBar" renderer-url="/_astro/client.js" client="load" ssr></astro-island>';
const page = (body: string) =>
  `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;

describe('framework script', () => {
  it('puts React inside a page with an island, after all of its content', () => {
    const html = page(`<main><h1>Catalogue</h1>${island}</main><footer>Pied</footer>`);
    const out = applyEdits(html, frameworkScriptEdits(parseBuiltPage(html), SCRIPT));
    expect(out).toBe(page(`<main><h1>Catalogue</h1>${island}</main><footer>Pied</footer>${inlineCopy(SCRIPT)}`));
    // React's text as text (never compiled by the parser), then the launcher that runs it from a blob: address.
    expect(inlineCopy(SCRIPT)).toMatch(
      new RegExp(
        `^<script type="text/plain" data-framework="${SCRIPT.hash}">${SCRIPT.code}</script><script data-framework-launcher>[^<]*createObjectURL[^<]*</script>$`,
      ),
    );
  });

  it('leaves a page without islands, and every page of a build without the script (astro dev), as they are', () => {
    const html = page('<main><h1>À propos</h1></main>');
    expect(frameworkScriptEdits(parseBuiltPage(html), SCRIPT)).toEqual([]);
    expect(frameworkScriptEdits(parseBuiltPage(page(island)), undefined)).toEqual([]);
  });

  it('does not take a `</body>` written inside a text for the end of the body', () => {
    const html = page(`<p title="a </body> b">x</p>${island}`);
    const out = applyEdits(html, frameworkScriptEdits(parseBuiltPage(html), SCRIPT));
    expect(out.endsWith(`${island}${inlineCopy(SCRIPT)}</body></html>`)).toBe(true);
  });

  it('names the file in the head, low priority, instead of the inline copy on a page whose only islands are the contact form or the blog list', () => {
    const script = { ...SCRIPT, url: '/_astro/framework.Ab3_x-9Z.js' };
    const idle = (name: string) =>
      `<astro-island component-url="/_astro/${name}.D1x.js" renderer-url="/_astro/client.js" client="idle" ssr></astro-island>`;
    for (const body of [idle('ContactForm'), idle('BlogList')]) {
      const html = page(`<main>${body}</main>`);
      const out = applyEdits(html, frameworkScriptEdits(parseBuiltPage(html), script));
      expect(out).not.toContain(SCRIPT.code);
      expect(out).toContain(
        `<head><meta charset="utf-8"><link rel="preload" as="script" href="${script.url}" fetchpriority="low"><title>`,
      );
    }
    // With any other island beside them, the page keeps React inside.
    const mixed = page(`<main>${idle('ContactForm')}${island}</main>`);
    expect(applyEdits(mixed, frameworkScriptEdits(parseBuiltPage(mixed), script))).toContain(SCRIPT.code);
  });
});
