/**
 * A built page read by an HTML parser (htmlparser2's tokenizer), for the changes made to every page
 * after Astro rendered it (middleware.ts).
 *
 * Why a parser and not regular expressions: staff type the texts that end up in pages (titles, names,
 * image alt texts). In an attribute value `<style>` or `</script>` is plain text that the browser never
 * reads as markup, but a regular expression over the raw HTML does: an article titled
 * `Titre avec <style>b</style> dedans` made the stylesheet pruning parse `b` as CSS and every later
 * build fail. The parser sees only the page's real elements.
 *
 * One pass collects what every change needs; the changes are then applied as splices of the original
 * text, so everything else stays byte for byte as Astro wrote it.
 */
import { Parser } from 'htmlparser2';

/** A piece of the page's text: [start, end) offsets. */
export interface Span {
  start: number;
  end: number;
}

/** Replace the span with the text (an empty span inserts). */
export interface Edit extends Span {
  text: string;
}

export interface BuiltPage {
  html: string;
  /** The contents of each `<style>` element. */
  styles: Span[];
  /** For each `<script type="module" src>` without fetchpriority: the offset just after `<script`. */
  moduleScripts: number[];
  /** The islands' component names (`BlogList` from `component-url="/_astro/BlogList.DBgGNcx2.js"`). */
  islands: string[];
  /** Each island's modules (its component's, its renderer's) and when it hydrates (`load`, `idle`, `visible`…). */
  islandModules: { component: string; renderer: string; client: string }[];
  /** The `src` of each `<script type="module" src>` (the page scripts Astro bundles as files). */
  moduleScriptUrls: string[];
  /** Where the head's first element can go: after `<meta charset>` (or `<head>`), -1 without a head. */
  headStart: number;
  /** Where the body's last element can go: just before `</body>`, -1 without one. */
  bodyEnd: number;
}

const COMPONENT_NAME = /\/([A-Za-z0-9_-]+)\.[^/]*$/;

export function parseBuiltPage(html: string): BuiltPage {
  const page: BuiltPage = {
    html,
    styles: [],
    moduleScripts: [],
    islands: [],
    islandModules: [],
    moduleScriptUrls: [],
    headStart: -1,
    bodyEnd: -1,
  };
  let styleStart = -1;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'style') styleStart = parser.endIndex + 1;
        else if (name === 'script' && attributes.type === 'module' && 'src' in attributes) {
          page.moduleScriptUrls.push(attributes.src ?? '');
          if (!('fetchpriority' in attributes)) page.moduleScripts.push(parser.startIndex + '<script'.length);
        } else if (name === 'astro-island') {
          // A module exporting several islands (islands/index.ts) names each by its export.
          const exported = attributes['component-export'];
          const component =
            exported && exported !== 'default' ? exported : COMPONENT_NAME.exec(attributes['component-url'] ?? '')?.[1];
          if (component) page.islands.push(component);
          page.islandModules.push({
            component: attributes['component-url'] ?? '',
            renderer: attributes['renderer-url'] ?? '',
            client: attributes.client ?? '',
          });
        } else if (name === 'head' || (name === 'meta' && 'charset' in attributes && page.headStart >= 0))
          page.headStart = parser.endIndex + 1;
      },
      onclosetag(name, implied) {
        if (name === 'body' && !implied) page.bodyEnd = parser.startIndex;
        if (name !== 'style' || styleStart < 0) return;
        // An unclosed <style> runs to the end of the document, as in a browser.
        page.styles.push({ start: styleStart, end: implied ? html.length : parser.startIndex });
        styleStart = -1;
      },
    },
    // The attributes read here (type, src, fetchpriority, the islands') hold no entities in Astro's
    // output; not decoding them makes the pass three times cheaper (0.4 ms a page of 47 KB).
    { decodeEntities: false },
  );
  parser.end(html);
  return page;
}

/** The text with the edits applied (edits do not overlap; their offsets are those of the original). */
export function applyEdits(html: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return html;
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + html.slice(at);
}

/** The page's text outside the given spans. */
export function textOutside(html: string, spans: readonly Span[]): string {
  return applyEdits(
    html,
    spans.map((span) => ({ ...span, text: ' ' })),
  );
}
