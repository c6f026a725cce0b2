import { decodeHTML } from 'entities';
import { truncate } from './format';

// Plain text out of article HTML, for meta descriptions, excerpts and the RSS feed. Build time only:
// the HTML5 entity table is too large to ship in an island.

/** Every named and numeric reference of HTML5 (`&Eacute;`, `&oelig;`, `&copy;`, `&#8217;`), as a browser reads them. */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

/** The text of an HTML fragment: tags removed, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<img\b[^>]*>/gi, '')
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The excerpt of an article (spec section 5): the content of its paragraphs joined with spaces,
 * images stripped, cut to `max` characters. Falls back to the whole text when there is no paragraph.
 */
export function excerpt(html: string, max: number): string {
  const paragraphs = [...html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/gi)].map((m) => m[1] ?? '');
  const text = htmlToText(paragraphs.length ? paragraphs.join(' ') : html);
  return truncate(text, max);
}
