import sanitizeHtml from 'sanitize-html';
import { OffThreadTimeout, runOffThread } from '../core/workers/off-thread.js';

/**
 * SVG uploads are XML documents that a browser can execute: they are only accepted when they carry no
 * active content, and are then rewritten through an allowlist of drawing elements and attributes.
 *
 * Refused outright (the upload fails): scripts, event handlers, `foreignObject` and other embedding
 * elements, `javascript:` anywhere, references to anything outside the document (href, `url(...)`,
 * `@import`) except embedded raster images (`data:image/png|jpeg|webp|gif;base64`), and DOCTYPEs with
 * an internal subset (entity expansion). Silently dropped: editor metadata, comments, unknown elements
 * and attributes.
 */

export type SvgVerdict = { ok: true; svg: string } | { ok: false; reason: 'not-svg' | 'active-content' | 'too-complex' };

const SVG_ELEMENTS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'image',
  'style',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];

const SVG_ATTRIBUTES = [
  'id',
  'class',
  'style',
  'transform',
  'lang',
  'xml:lang',
  'xml:space',
  'role',
  'focusable',
  'xmlns',
  'xmlns:xlink',
  'version',
  'baseProfile',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'href',
  'xlink:href',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'stop-color',
  'stop-opacity',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'font-family',
  'font-size',
  'font-size-adjust',
  'font-stretch',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'direction',
  'unicode-bidi',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'values',
  'type',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'surfaceScale',
  'specularConstant',
  'specularExponent',
  'diffuseConstant',
  'kernelMatrix',
  'order',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'kernelUnitLength',
  'preserveAlpha',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'radius',
  'azimuth',
  'elevation',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'color-interpolation',
  'color-interpolation-filters',
  'color-rendering',
  'shape-rendering',
  'image-rendering',
  'text-rendering',
  'vector-effect',
  'paint-order',
  'mix-blend-mode',
  'isolation',
  'enable-background',
  'requiredFeatures',
  'requiredExtensions',
  'systemLanguage',
];

/** Elements whose mere presence means active or embedded content. Compared in lower case. */
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

const LOCAL_REFERENCE = /^#[\w.:-]*$/;
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|jpg|webp|gif);base64,[a-z0-9+/=\s]*$/i;

const codePoint = (value: number): string => (value >= 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '\uFFFD');

/** Removes what browsers ignore inside a URL scheme or CSS token (spaces, controls, escapes). */
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

/** True when a CSS text (style attribute, <style> element, presentation attribute) reaches outside. */
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
 * What may precede the root element: a BOM, an XML declaration, comments, and a DOCTYPE without an
 * internal subset. Anything else (text, another element, `<!ENTITY`) makes the file "not an SVG".
 */
const PROLOG = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->\s*)|(<!DOCTYPE\s+svg[^[>]*>\s*))*(?=<svg[\s>/])/;

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

  let active = false;
  let elements = 0;
  const output = sanitizeHtml(body, {
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true },
    allowedTags: SVG_ELEMENTS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    allowVulnerableTags: true,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'foreignObject', 'iframe', 'metadata', 'noscript', 'textarea', 'option'],
    selfClosing: [],
    onOpenTag: (name: string, attribs: Record<string, string>) => {
      elements++;
      const local = name.toLowerCase().replace(/^.*:/, '');
      if (FORBIDDEN_ELEMENTS.has(local)) active = true;
      if (/^(animate|set|animatetransform|animatemotion)$/.test(local)) {
        const target = (attribs.attributeName ?? attribs.attributename ?? '').toLowerCase();
        if (target.startsWith('on') || target.endsWith('href')) active = true;
      }
      for (const [attribute, value] of Object.entries(attribs)) {
        if (attributeIsActive(attribute, value ?? '')) active = true;
      }
    },
    textFilter: (value: string, tagName: string) => {
      if (tagName === 'style' && cssIsActive(value)) active = true;
      return value;
    },
  });
  if (active) return { ok: false, reason: 'active-content' };
  // A <style> element's text is not seen by textFilter when it is the only child: check it too.
  for (const match of body.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)) {
    if (cssIsActive(match[1] ?? '')) return { ok: false, reason: 'active-content' };
  }
  let svg = output.trim();
  if (elements === 0 || !/^<svg[\s>]/.test(svg) || !svg.endsWith('</svg>')) return { ok: false, reason: 'not-svg' };
  if (!/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg)) {
    svg = svg.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  }
  return { ok: true, svg: `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n` };
}

/**
 * The sanitiser's cost grows faster than the number of elements (10,000 elements: about a second), so
 * drawings beyond these bounds are refused before parsing; a logo or a diagram stays far below.
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
 * `sanitizeSvg` on a worker thread: parsing a large drawing costs up to a second or more of CPU, which
 * must not hold the event loop that serves every other request. Past 20 s the file is refused.
 */
export async function sanitizeSvgOffThread(data: Buffer): Promise<SvgVerdict> {
  try {
    return await runOffThread<SvgVerdict>(import.meta.url, 'sanitizeSvgText', [data.toString('base64')], 20_000);
  } catch (error) {
    if (error instanceof OffThreadTimeout) return { ok: false, reason: 'too-complex' };
    throw error;
  }
}

/** For the worker: the upload travels as base64 text (a Buffer would arrive as a plain Uint8Array). */
export const sanitizeSvgText = (base64: string): SvgVerdict => sanitizeSvg(Buffer.from(base64, 'base64'));
