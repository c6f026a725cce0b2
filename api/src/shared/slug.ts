/** Longest base kept from a title, leaving room for a "-NN" suffix in the 280-character column. */
const MAX_BASE_LENGTH = 200;

/**
 * The public address part of an article, made once from its title (by the API when an article is
 * saved and by the seed; previewed by the dashboard's editor as `@comptoir/api/slug`): lowercase, accents removed
 * ("Électricité" → "electricite"), every run of other characters turned into one dash, no dash at
 * either end. A title with nothing usable gives "article".
 */
export function slugify(title: string, maxLength = MAX_BASE_LENGTH): string {
  const base = title
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = base.slice(0, maxLength).replace(/-+$/, '');
  return cut || 'article';
}

/** `base` if it is free, otherwise the first free of `base-2`, `base-3`, ... */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
