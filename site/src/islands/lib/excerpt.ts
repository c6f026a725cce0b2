import { truncate } from '../../lib/format';

/**
 * lib/html-text's excerpt in the browser: the browser's own HTML parser decodes every entity, so no
 * entity table is shipped. The paragraphs' text joined with spaces, cut to `max` characters (spec
 * section 5); the whole text when there is no paragraph.
 */
export function browserExcerpt(html: string, max: number): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, img').forEach((el) => el.remove());
  const paragraphs = [...doc.querySelectorAll('p')].map((p) => p.textContent ?? '');
  const text = (paragraphs.length ? paragraphs.join(' ') : (doc.body.textContent ?? '')).replace(/\s+/g, ' ').trim();
  return truncate(text, max);
}
