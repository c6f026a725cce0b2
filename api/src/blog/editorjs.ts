import sanitizeHtml from 'sanitize-html';
import { BODY_TOO_COMPLEX, INVALID_TEXT, bodyShapeProblem } from '../core/web/body-shape.js';
import { runInWorker, WorkerTaskError } from '../core/workers/pool.js';

/**
 * Editor.js documents: shape check, normalisation and rendering to the HTML the public site shows.
 *
 * The editor sends its JSON ({ time, blocks: [{ id, type, data }], version }). The server:
 * 1. checks the shape and keeps only the known block types and fields (`parseEditorDocument`),
 *    cleaning every inline HTML fragment (paragraph text, captions, list items, table cells) through
 *    a small inline allowlist, so the stored JSON reopens safely in the editor;
 * 2. renders the blocks to HTML (`renderEditorDocument`) and passes the result through sanitize-html
 *    with a strict allowlist, so nothing executable (script, on* attributes, javascript: URLs, foreign
 *    iframes) can reach the stored or public HTML even if a rule above were missed.
 *
 * Supported blocks: paragraph, header, list (ordered, unordered, checklist; nested), quote, image
 * (files under /storage/ or https addresses), table, embed (YouTube and Vimeo only, as sandboxed
 * iframes) and delimiter.
 */

export class EditorContentError extends Error {}

export interface EditorListItem {
  content: string;
  meta: { checked?: boolean };
  items: EditorListItem[];
}

export type EditorBlock =
  | { id?: string; type: 'paragraph'; data: { text: string } }
  | { id?: string; type: 'header'; data: { text: string; level: number } }
  | {
      id?: string;
      type: 'list';
      data: { style: 'ordered' | 'unordered' | 'checklist'; meta: { start?: number }; items: EditorListItem[] };
    }
  | { id?: string; type: 'quote'; data: { text: string; caption: string; alignment: 'left' | 'center' } }
  | {
      id?: string;
      type: 'image';
      data: {
        /** `width`/`height`: the stored file's size in pixels (from the upload answer), for the page's layout. */
        file: { url: string; width?: number; height?: number };
        caption: string;
        /** Plain text typed by the writer ("Texte alternatif"); the public <img alt>, else the caption's text. */
        alt: string;
        withBorder: boolean;
        withBackground: boolean;
        stretched: boolean;
      };
    }
  | { id?: string; type: 'table'; data: { withHeadings: boolean; stretched: boolean; content: string[][] } }
  | {
      id?: string;
      type: 'embed';
      data: { service: 'youtube' | 'vimeo'; source: string; embed: string; width: number; height: number; caption: string };
    }
  | { id?: string; type: 'delimiter'; data: Record<string, never> };

export interface EditorDocument {
  time?: number;
  version?: string;
  blocks: EditorBlock[];
}

const MAX_BLOCKS = 2000;
const MAX_LIST_DEPTH = 8;
const MAX_TABLE_CELLS = 2000;
/** The same cap as the cover image's `image_alt`. */
export const MAX_IMAGE_ALT = 255;
const MAX_IMAGE_SIDE = 100_000;

// ------------------------------------------------------------------------------------------------
// Inline HTML (the text of a block)

const INLINE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 's', 'mark', 'code', 'a', 'br', 'sub', 'sup', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], mark: ['class'], code: ['class'], span: ['class'] },
  allowedClasses: { mark: ['cdx-marker'], code: ['inline-code'], span: ['cdx-marker'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href) out.href = attribs.href;
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
  },
};

/** Cleans one inline fragment of a block (keeps bold, italic, links, marks, line breaks). */
export function cleanInline(html: string): string {
  return sanitizeHtml(html, INLINE_OPTIONS).trim();
}

/** The plain text of an inline fragment, for alt texts and titles. */
export function inlineText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// ------------------------------------------------------------------------------------------------
// URLs

/** A file of our own storage ("/storage/media/x.webp") or an https address; nothing else. */
export function isAllowedImageUrl(url: string): boolean {
  if (/^\/storage\/[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(url)) return !url.split('/').includes('..');
  if (!/^https:\/\/[^\s"'<>\\]+$/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

const YOUTUBE_EMBED =
  /^https:\/\/(?:www\.)?(?:youtube\.com|youtube-nocookie\.com)\/embed\/[A-Za-z0-9_-]{6,20}(?:\?[A-Za-z0-9_=&%.-]*)?$/;
const VIMEO_EMBED = /^https:\/\/player\.vimeo\.com\/video\/\d{1,15}(?:\?[A-Za-z0-9_=&%.-]*)?$/;

/** The embed service of an iframe address, or null when it is neither YouTube nor Vimeo. */
export function embedService(url: string): 'youtube' | 'vimeo' | null {
  if (YOUTUBE_EMBED.test(url)) return 'youtube';
  if (VIMEO_EMBED.test(url)) return 'vimeo';
  return null;
}

// ------------------------------------------------------------------------------------------------
// Shape check and normalisation

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, what: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new EditorContentError(`Le contenu de l’article est invalide (${what}).`);
  return cleanInline(value);
}

/** An image block's alternative text: plain text (never HTML), one line, at most MAX_IMAGE_ALT characters. */
function altText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new EditorContentError('Le texte alternatif d’une image doit être un texte.');
  // Control characters (line breaks pasted in) become spaces: an alt is read as one phrase.
  const alt = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (alt.length > MAX_IMAGE_ALT) {
    throw new EditorContentError(`Le texte alternatif d’une image ne doit pas dépasser ${MAX_IMAGE_ALT} caractères.`);
  }
  return alt;
}

/** A pixel size sent with an image (the upload answer's), kept only when it is a plausible integer. */
function side(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_IMAGE_SIDE ? n : undefined;
}

function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}

function listItems(value: unknown, depth: number): EditorListItem[] {
  if (!Array.isArray(value)) throw new EditorContentError('Le contenu de l’article est invalide (liste).');
  if (depth > MAX_LIST_DEPTH) throw new EditorContentError('Le contenu de l’article est invalide (liste trop imbriquée).');
  return value.map((item) => {
    // The first list tool sent plain strings; the current one sends { content, meta, items }.
    if (typeof item === 'string') return { content: cleanInline(item), meta: {}, items: [] };
    if (!isObject(item)) throw new EditorContentError('Le contenu de l’article est invalide (liste).');
    const meta = isObject(item.meta) && item.meta.checked !== undefined ? { checked: flag(item.meta.checked) } : {};
    return {
      content: text(item.content ?? item.text, 'élément de liste'),
      meta,
      items: item.items === undefined ? [] : listItems(item.items, depth + 1),
    };
  });
}

function normaliseBlock(block: unknown, index: number): EditorBlock {
  if (!isObject(block) || typeof block.type !== 'string') {
    throw new EditorContentError(`Le contenu de l’article est invalide (bloc n° ${index + 1}).`);
  }
  const data = isObject(block.data) ? block.data : {};
  const id = typeof block.id === 'string' && /^[\w-]{1,40}$/.test(block.id) ? block.id : undefined;
  const withId = <B extends EditorBlock>(b: B): B => (id ? { id, ...b } : b);
  switch (block.type) {
    case 'paragraph':
      return withId({ type: 'paragraph', data: { text: text(data.text, 'paragraphe') } });
    case 'header': {
      const level = Number(data.level ?? 2);
      return withId({
        type: 'header',
        data: { text: text(data.text, 'titre'), level: Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2 },
      });
    }
    case 'list': {
      const style = data.style === 'ordered' || data.style === 'checklist' ? data.style : 'unordered';
      const start = isObject(data.meta) ? Number(data.meta.start) : NaN;
      return withId({
        type: 'list',
        data: {
          style,
          meta: style === 'ordered' && Number.isInteger(start) && start > 1 && start < 1e6 ? { start } : {},
          items: listItems(data.items ?? [], 1),
        },
      });
    }
    case 'quote':
      return withId({
        type: 'quote',
        data: {
          text: text(data.text, 'citation'),
          caption: text(data.caption, 'légende'),
          alignment: data.alignment === 'center' ? 'center' : 'left',
        },
      });
    case 'image': {
      const file = isObject(data.file) ? data.file : {};
      const url = typeof file.url === 'string' ? file.url.trim() : typeof data.url === 'string' ? data.url.trim() : '';
      if (!isAllowedImageUrl(url)) {
        throw new EditorContentError('Les images de l’article doivent être envoyées sur le site ou venir d’une adresse https.');
      }
      const width = side(file.width);
      const height = side(file.height);
      return withId({
        type: 'image',
        data: {
          file: width && height ? { url, width, height } : { url },
          caption: text(data.caption, 'légende'),
          alt: altText(data.alt),
          withBorder: flag(data.withBorder),
          withBackground: flag(data.withBackground),
          stretched: flag(data.stretched),
        },
      });
    }
    case 'table': {
      if (data.content !== undefined && !Array.isArray(data.content)) {
        throw new EditorContentError('Le contenu de l’article est invalide (tableau).');
      }
      const rows = (data.content as unknown[] | undefined) ?? [];
      let cells = 0;
      const content = rows.map((row) => {
        if (!Array.isArray(row)) throw new EditorContentError('Le contenu de l’article est invalide (tableau).');
        cells += row.length;
        return row.map((cell) => text(cell === null || cell === undefined ? '' : String(cell), 'cellule'));
      });
      if (cells > MAX_TABLE_CELLS) throw new EditorContentError('Le contenu de l’article est invalide (tableau trop grand).');
      return withId({ type: 'table', data: { withHeadings: flag(data.withHeadings), stretched: flag(data.stretched), content } });
    }
    case 'embed': {
      const embed = typeof data.embed === 'string' ? data.embed.trim() : '';
      const service = embedService(embed);
      if (!service) throw new EditorContentError('Seules les vidéos YouTube et Vimeo peuvent être intégrées.');
      const source = typeof data.source === 'string' && isAllowedImageUrl(data.source.trim()) ? data.source.trim() : embed;
      const dimension = (value: unknown, fallback: number) => {
        const n = Number(value);
        return Number.isInteger(n) && n >= 100 && n <= 4000 ? n : fallback;
      };
      return withId({
        type: 'embed',
        data: {
          service,
          source,
          embed,
          width: dimension(data.width, 580),
          height: dimension(data.height, 320),
          caption: text(data.caption, 'légende'),
        },
      });
    }
    case 'delimiter':
      return withId({ type: 'delimiter', data: {} });
    default:
      throw new EditorContentError(`Le bloc « ${block.type.slice(0, 40)} » n’est pas pris en charge par l’éditeur.`);
  }
}

/**
 * Parses the editor's JSON text into a clean document. An empty value is an empty document.
 * Throws `EditorContentError` (with a French message) for anything that is not an Editor.js document
 * of the supported blocks.
 */
export function parseEditorDocument(raw: string | undefined | null): EditorDocument {
  if (raw === undefined || raw === null || raw.trim() === '') return { blocks: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new EditorContentError('Le contenu de l’article est invalide (JSON attendu).');
  }
  // Bounded before the recursive normalisation below (nested lists): keys, depth, well-formed text.
  const problem = bodyShapeProblem(value);
  if (problem) throw new EditorContentError(problem.kind === 'too-complex' ? BODY_TOO_COMPLEX : INVALID_TEXT);
  if (!isObject(value) || !Array.isArray(value.blocks)) {
    throw new EditorContentError('Le contenu de l’article est invalide (document de l’éditeur attendu).');
  }
  if (value.blocks.length > MAX_BLOCKS) throw new EditorContentError('Le contenu de l’article est trop long.');
  const document: EditorDocument = { blocks: value.blocks.map(normaliseBlock) };
  if (typeof value.time === 'number' && Number.isFinite(value.time)) document.time = value.time;
  if (typeof value.version === 'string' && /^[\w.-]{1,20}$/.test(value.version)) document.version = value.version;
  return document;
}

// ------------------------------------------------------------------------------------------------
// Rendering

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function renderList(style: 'ordered' | 'unordered' | 'checklist', items: EditorListItem[], start?: number): string {
  const tag = style === 'ordered' ? 'ol' : 'ul';
  const attributes = style === 'checklist' ? ' class="checklist"' : start ? ` start="${start}"` : '';
  const lis = items
    .map((item) => {
      const checked = style === 'checklist' ? ` class="${item.meta.checked ? 'checked' : 'unchecked'}"` : '';
      const nested = item.items.length ? renderList(style, item.items) : '';
      return `<li${checked}>${item.content}${nested}</li>`;
    })
    .join('');
  return `<${tag}${attributes}>${lis}</${tag}>`;
}

function renderBlock(block: EditorBlock): string {
  switch (block.type) {
    case 'paragraph':
      return block.data.text ? `<p>${block.data.text}</p>` : '';
    case 'header':
      return block.data.text ? `<h${block.data.level}>${block.data.text}</h${block.data.level}>` : '';
    case 'list':
      return block.data.items.length ? renderList(block.data.style, block.data.items, block.data.meta.start) : '';
    case 'quote': {
      if (!block.data.text) return '';
      const caption = block.data.caption ? `<figcaption>${block.data.caption}</figcaption>` : '';
      const align = block.data.alignment === 'center' ? ' class="quote quote-center"' : ' class="quote"';
      return `<figure${align}><blockquote><p>${block.data.text}</p></blockquote>${caption}</figure>`;
    }
    case 'image': {
      const classes = ['article-image'];
      if (block.data.withBorder) classes.push('with-border');
      if (block.data.withBackground) classes.push('with-background');
      if (block.data.stretched) classes.push('stretched');
      // The writer's alt text, else the caption's text; never the file name (an empty alt marks the
      // image as decorative, which is better than reading out "a3f9c2.png").
      const alt = escapeAttribute(block.data.alt || inlineText(block.data.caption));
      const { url, width, height } = block.data.file;
      const size = width && height ? ` width="${width}" height="${height}"` : '';
      const caption = block.data.caption ? `<figcaption>${block.data.caption}</figcaption>` : '';
      return `<figure class="${classes.join(' ')}"><img src="${escapeAttribute(url)}" alt="${alt}"${size} loading="lazy" decoding="async">${caption}</figure>`;
    }
    case 'table': {
      if (!block.data.content.length) return '';
      const [first, ...rest] = block.data.content;
      const row = (cells: string[], tag: 'td' | 'th') => `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
      const head = block.data.withHeadings ? `<thead>${row(first!, 'th')}</thead>` : '';
      const body = (block.data.withHeadings ? rest : block.data.content).map((cells) => row(cells, 'td')).join('');
      return `<figure class="article-table"><table>${head}<tbody>${body}</tbody></table></figure>`;
    }
    case 'embed': {
      const title = block.data.service === 'youtube' ? 'Vidéo YouTube' : 'Vidéo Vimeo';
      const caption = block.data.caption ? `<figcaption>${block.data.caption}</figcaption>` : '';
      return (
        `<figure class="article-embed"><iframe src="${escapeAttribute(block.data.embed)}" title="${title}" ` +
        `width="${block.data.width}" height="${block.data.height}" ` +
        'sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" ' +
        'allow="fullscreen; picture-in-picture; encrypted-media" allowfullscreen loading="lazy" ' +
        `referrerpolicy="strict-origin-when-cross-origin"></iframe>${caption}</figure>`
      );
    }
    case 'delimiter':
      return '<hr>';
  }
}

const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'figure',
    'figcaption',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'mark',
    'code',
    'a',
    'sub',
    'sup',
    'span',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    iframe: ['src', 'title', 'width', 'height', 'sandbox', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
    ol: ['start', 'class'],
    ul: ['class'],
    li: ['class'],
    figure: ['class'],
    mark: ['class'],
    code: ['class'],
    span: ['class'],
  },
  allowedClasses: {
    figure: [
      'quote',
      'quote-center',
      'article-image',
      'with-border',
      'with-background',
      'stretched',
      'article-table',
      'article-embed',
    ],
    ul: ['checklist'],
    li: ['checked', 'unchecked'],
    mark: ['cdx-marker'],
    code: ['inline-code'],
    span: ['cdx-marker'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: [
    'www.youtube.com',
    'youtube.com',
    'www.youtube-nocookie.com',
    'youtube-nocookie.com',
    'player.vimeo.com',
  ],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageUrl(frame.attribs.src ?? ''),
};

/** The sanitised HTML of a document, what `content` stores and the public site shows. */
export function renderEditorDocument(document: EditorDocument): string {
  const html = document.blocks.map(renderBlock).filter(Boolean).join('\n');
  return sanitizeHtml(html, ARTICLE_OPTIONS);
}

/** A checked document and its sanitised HTML, as an article stores them. */
export interface PreparedDocument {
  document: EditorDocument;
  html: string;
}

export function prepareEditorDocument(raw: string): PreparedDocument {
  const document = parseEditorDocument(raw);
  return { document, html: renderEditorDocument(document) };
}

/** An article takes a second or two at most (see docs/performance.md); past this, something is wrong. */
const ARTICLE_TIME_LIMIT_MS = 30_000;

/**
 * `prepareEditorDocument` on the worker pool (core/workers/pool.ts): a long article (hundreds of KB, a thousand blocks) costs
 * one to two seconds of sanitising, which must not hold the event loop serving every other request.
 * Throws `EditorContentError` (French message) as the synchronous version does.
 */
export async function prepareEditorDocumentOffThread(raw: string): Promise<PreparedDocument> {
  try {
    return await runInWorker<PreparedDocument>(import.meta.url, 'prepareEditorDocument', [raw], ARTICLE_TIME_LIMIT_MS);
  } catch (error) {
    if (error instanceof WorkerTaskError && error.errorName === 'EditorContentError') throw new EditorContentError(error.message);
    throw error;
  }
}

/** `renderEditorDocument` on the worker pool (a document changed after `prepareEditorDocumentOffThread`). */
export function renderEditorDocumentOffThread(document: EditorDocument): Promise<string> {
  return runInWorker<string>(import.meta.url, 'renderEditorDocument', [document], ARTICLE_TIME_LIMIT_MS);
}
