import { createRequire } from 'node:module';
import type { Config, DOMPurify } from 'dompurify';
import type { JSDOM } from 'jsdom';
import { runInWorker, WorkerTaskTimeout } from '../core/workers/pool.js';

/**
 * SVG uploads are XML documents that a browser can execute: they are only accepted when they carry no
 * active content, and are then rewritten by DOMPurify (its SVG and SVG-filter profiles) on a server-side
 * DOM (jsdom) and serialised back as a standalone XML document.
 *
 * Refused outright (the upload fails): scripts, event handlers, `foreignObject` and other embedding
 * elements, `javascript:` anywhere, references to anything outside the document (href, `url(...)`,
 * `@import`) except embedded raster images (`data:image/png|jpeg|webp|gif;base64`), animations that
 * set an event handler or a link, and DOCTYPEs with an internal subset (entity expansion). These are
 * detected by DOMPurify hooks, which see every element and attribute of the parsed document. Silently
 * dropped (DOMPurify's allowlists): editor metadata, comments, unknown elements and attributes.
 *
 * Why refuse rather than only clean: a file with scripts is not an innocent drawing, and staff are told
 * so (deviations.md) instead of getting back a silently different image.
 */

export type SvgVerdict = { ok: true; svg: string } | { ok: false; reason: 'not-svg' | 'active-content' | 'too-complex' };

/** Elements whose mere presence means active or embedded content. Compared in lower case, prefix removed. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'audio',
  'video',
  'canvas',
  'html',
  'body',
  'frame',
  'frameset',
  'applet',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
]);
const ANIMATIONS = new Set(['animate', 'set', 'animatetransform', 'animatemotion', 'animatecolor']);

const LOCAL_REFERENCE = /^#[\w.:-]*$/;
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|jpg|webp|gif);base64,[a-z0-9+/=\s]*$/i;

const codePoint = (value: number): string => (value >= 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '\uFFFD');

/**
 * Removes what browsers ignore inside a URL scheme or CSS token (spaces, controls, escapes). The HTML
 * parser has already decoded character references once; a second round catches double encoding.
 */
function squash(value: string): string {
  return (
    value
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => codePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, dec: string) => codePoint(parseInt(dec, 10)))
      .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => codePoint(parseInt(hex, 16)))
      .replace(/\\/g, '')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
      .replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, '')
      .toLowerCase()
  );
}

/**
 * True when a CSS text (style attribute, <style> element, presentation attribute) reaches outside.
 * DOMPurify does not look inside CSS, so this stays ours.
 */
function cssIsActive(css: string): boolean {
  const squashed = squash(css);
  if (/javascript:|vbscript:|expression\(|@import|-moz-binding|behavior:/.test(squashed)) return true;
  for (const match of squashed.matchAll(/url\(([^)]*)\)?/g)) {
    const target = (match[1] ?? '').replace(/^['"]|['"]$/g, '');
    if (!LOCAL_REFERENCE.test(target) && !EMBEDDED_RASTER.test(target)) return true;
  }
  return false;
}

function attributeIsActive(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on')) return true;
  const squashed = squash(value);
  if (/^(javascript|vbscript|data:text|data:application)/.test(squashed) || squashed.includes('javascript:')) return true;
  if (lower === 'href' || lower.endsWith(':href') || lower === 'src') {
    const target = value.trim();
    return !(LOCAL_REFERENCE.test(target) || EMBEDDED_RASTER.test(target));
  }
  return cssIsActive(value);
}

/**
 * DOMPurify's SVG profiles, plus what a standalone drawing needs and minus what it must not carry.
 * The input is parsed as HTML (DOMPurify's default, where SVG tag and attribute names are matched
 * case-insensitively); the result is serialised as XML, so the browser reading the stored file builds
 * exactly the tree that was sanitised.
 */
const PURIFY_CONFIG: Config & { RETURN_DOM: true } = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // DOMPurify leaves <use> out because it can pull in other documents; the hook below lets it keep
  // only `#fragment` references, which logos use for repeated shapes.
  ADD_TAGS: ['use'],
  // Drawing and accessibility attributes that DOMPurify's SVG list lacks and that files kept before
  // (spot lights, focal radius, blending, conditional <switch>, ARIA role): inert values.
  ADD_ATTR: [
    'xml:lang',
    'role',
    'focusable',
    'baseProfile',
    'fr',
    'unicode-bidi',
    'spacing',
    'side',
    'pointsAtX',
    'pointsAtY',
    'pointsAtZ',
    'limitingConeAngle',
    'mix-blend-mode',
    'isolation',
    'enable-background',
    'requiredFeatures',
    'requiredExtensions',
  ],
  // Editor metadata (RDF, licences) is dropped with its content, as before.
  FORBID_TAGS: ['metadata'],
  ADD_FORBID_CONTENTS: ['metadata'],
  ALLOW_DATA_ATTR: false,
  // The file is served alone (never inlined into a page), so ids cannot clobber a page's globals; and
  // removing an id such as "title" or "links" would break the gradient or clip path that refers to it.
  SANITIZE_DOM: false,
  RETURN_DOM: true,
};

type Purifier = { purify: DOMPurify; serialize: (node: Node) => string; state: { active: boolean } };
let purifier: Purifier | undefined;

/**
 * One jsdom window and one DOMPurify per thread, made on first use: only the worker threads that
 * sanitise pay for loading jsdom, not the main process that imports this module for `sanitizeSvgOffThread`.
 */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const require = createRequire(import.meta.url);
  const { JSDOM: Dom } = require('jsdom') as { JSDOM: typeof JSDOM };
  const createDOMPurify = require('dompurify') as DOMPurify;
  const { window } = new Dom('');
  const purify = createDOMPurify(window as unknown as Parameters<DOMPurify>[0]);
  const serializer = new window.XMLSerializer();
  const state = { active: false };
  // Every node of the parsed document passes here, allowed or not (DOMPurify only visits the
  // attributes of the elements it keeps, and an element it drops may still say what the file is for).
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (node.nodeType !== 1) return;
    const element = node as Element;
    // DOMPurify also visits the <body> its parser wraps the input in.
    if (element === element.ownerDocument.body) return;
    const local = data.tagName.replace(/^.*:/, '');
    if (FORBIDDEN_ELEMENTS.has(local)) state.active = true;
    if (ANIMATIONS.has(local)) {
      const target = (element.getAttribute('attributeName') ?? '').trim().toLowerCase();
      if (target.startsWith('on') || target.endsWith('href')) state.active = true;
    }
    if (local === 'style' && cssIsActive(element.textContent ?? '')) state.active = true;
    for (const attribute of Array.from(element.attributes)) {
      if (attributeIsActive(attribute.name, attribute.value)) state.active = true;
    }
  });
  purifier = { purify, serialize: (node) => serializer.serializeToString(node), state };
  return purifier;
}

/**
 * What may precede the root element: a BOM, an XML declaration, comments, and a DOCTYPE without an
 * internal subset. Anything else (text, another element, `<!ENTITY`) makes the file "not an SVG".
 * Checked on the text because the HTML parser DOMPurify uses would silently skip these.
 */
const PROLOG = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->\s*)|(<!DOCTYPE\s+svg[^[>]*>\s*))*(?=<svg[\s>/])/;
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Checks and rewrites an uploaded SVG document. `data` must be UTF-8 text. */
export function sanitizeSvg(data: Buffer): SvgVerdict {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return { ok: false, reason: 'not-svg' };
  }
  if (tooComplex(text)) return { ok: false, reason: 'too-complex' };
  const prolog = PROLOG.exec(text);
  if (!prolog) return { ok: false, reason: 'not-svg' };
  const body = text.slice(prolog[0].length);
  // A cut-off upload is not an image, even though the parser below would close its elements.
  if (!/<\/svg\s*>\s*(<!--[\s\S]*?-->\s*)*$/.test(body)) return { ok: false, reason: 'not-svg' };

  const { purify, serialize, state } = getPurifier();
  state.active = false;
  const clean = purify.sanitize(body, PURIFY_CONFIG);
  if (state.active) return { ok: false, reason: 'active-content' };
  // One drawing and nothing beside it: HTML elements inside the text make the parser close the <svg>
  // early, and such a file is not an image a browser would show.
  const nodes = Array.from(clean.childNodes).filter((node) => node.nodeType !== 3 || node.textContent?.trim());
  const root = nodes[0] as Element | undefined;
  if (nodes.length !== 1 || root?.localName !== 'svg' || root.namespaceURI !== SVG_NAMESPACE) {
    return { ok: false, reason: 'not-svg' };
  }
  // XMLSerializer writes the namespace declarations (svg, xlink) the stored file needs.
  return { ok: true, svg: `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root)}\n` };
}

/**
 * The sanitiser's cost grows with the number of elements (jsdom: 10,000 elements take 1-3 s of the
 * worker's CPU, 20,000 up to 8 s on a loaded 2-core machine; `npm run bench:svg`), so drawings beyond
 * these bounds are refused before parsing; a logo or a diagram stays far below.
 */
export const SVG_LIMITS = { maxElements: 10_000, maxDepth: 100 } as const;

function tooComplex(text: string): boolean {
  let elements = 0;
  let depth = 0;
  for (const match of text.matchAll(/<(\/?)[A-Za-z][^>]*?(\/?)>/g)) {
    if (match[1]) depth--;
    else {
      if (++elements > SVG_LIMITS.maxElements) return true;
      if (!match[2] && ++depth > SVG_LIMITS.maxDepth) return true;
    }
  }
  return false;
}

/**
 * `sanitizeSvg` on the worker pool (core/workers/pool.ts): parsing a large drawing costs a second or
 * more of CPU, which must not hold the event loop that serves every other request. The pool's threads
 * stay up between uploads, so jsdom and DOMPurify are loaded and their window made once per thread
 * (about a second), not once per file. Past 20 s of its own sanitising a file is refused.
 */
export async function sanitizeSvgOffThread(data: Buffer): Promise<SvgVerdict> {
  try {
    return await runInWorker<SvgVerdict>(import.meta.url, 'sanitizeSvgText', [data.toString('base64')], 20_000);
  } catch (error) {
    if (error instanceof WorkerTaskTimeout) return { ok: false, reason: 'too-complex' };
    throw error;
  }
}

/** For the worker: the upload travels as base64 text (a Buffer would arrive as a plain Uint8Array). */
export const sanitizeSvgText = (base64: string): SvgVerdict => sanitizeSvg(Buffer.from(base64, 'base64'));
