/**
 * Formatting shared by the pre-rendered pages and the islands (no library: every byte here is shipped
 * to visitors). Dates and money come from the one implementation the API and the dashboard use too.
 */
import { formatDate as writeDate } from '@comptoir/api/dates';

/** "DD MMM YYYY" in French, e.g. "05 mars 2024"; an empty string for a missing or invalid date. */
export const formatDate = (value: string | Date | null | undefined): string => writeDate(value);

/** ISO date for `<time datetime>` and structured data. */
export function isoDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** Cuts a text at `max` characters (on a word boundary when one is close) and adds "...". */
export function truncate(text: string, max: number, ellipsis = '...'): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.7) cut = cut.slice(0, space);
  return cut.replace(/[\s,;:.!?-]+$/, '') + ellipsis;
}

/** Product names on shop cards and in the cart: 22 characters at most (spec section 9). */
export { PRODUCT_NAME_MAX, shortName } from '@comptoir/api/product-card';

/** Prices: the one money format, shared with the dashboard and the e-mails (`@comptoir/api/money`). */
export { currencyLabel, formatCount, formatPrice } from '@comptoir/api/money';

/** The public address of an uploaded file (`products/ab.webp` → `/storage/products/ab.webp`). */
export function storageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('/') || path.startsWith('data:')) return path;
  return `/storage/${path.replace(/^storage\//, '')}`;
}

export const DEFAULT_AVATAR = '/images/default-avatar.jpeg';
export const UNKNOWN_AUTHOR = 'Non défini';

export interface AuthorLike {
  firstname?: string | null;
  name?: string | null;
  image?: string | null;
}

export function authorName(user: AuthorLike | null | undefined): string {
  if (!user) return UNKNOWN_AUTHOR;
  const full = [user.firstname, user.name].filter(Boolean).join(' ').trim();
  return full || UNKNOWN_AUTHOR;
}

export function authorAvatar(user: AuthorLike | null | undefined): string {
  return storageUrl(user?.image) ?? DEFAULT_AVATAR;
}

/**
 * French typography for titles: a narrow no-break space (U+202F) before « ; : ! ? »,
 * so that a title never breaks with the mark alone at the start of a line. "Pourquoi ?", "Bilan :
 * 2024", "Titre: sous-titre" all get it; times (14:30), addresses (https://) and "?!" are left alone.
 */
export function frenchTypography(text: string): string {
  return text.replace(/([^\s;:!?\u202f\u00a0])[ \u00a0]*([;:!?]+)(?=\s|$)/g, '$1\u202f$2');
}
