/**
 * The public address part an article will get, previewed from its title the way the server makes
 * it (api/src/blog/slug.ts): lowercase, accents removed, every run of other characters turned into
 * one dash, no dash at either end. The server adds "-2", "-3"... when the address is already taken.
 */
export function slugPreview(title: string): string {
  return title
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
}

/** The article's public address on this site. */
export function articleUrl(slug: string): string {
  return `${window.location.origin}/article/${slug}`;
}
