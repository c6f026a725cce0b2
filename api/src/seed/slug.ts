/**
 * The public address part of an article title, as the spec's preview shows it: lowercase, accents
 * removed, every run of other characters turned into one dash ("Pompage solaire : l’été" ->
 * "pompage-solaire-l-ete").
 */
export function slugify(text: string, maxLength = 200): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/Œ/g, 'OE')
    .replace(/Æ/g, 'AE')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, maxLength).replace(/-+$/, '') || 'article';
}

/** `base`, or `base-2`, `base-3`, ... the first one `taken` does not hold. */
export function uniqueSlug(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  taken.add(candidate);
  return candidate;
}
