/**
 * Lengths and French messages of the free texts staff write, declared once for the API's DTOs and
 * the dashboard's forms (`@comptoir/api/text-limits`): both refuse the same text with the same words.
 */

/** Descriptions of brands, categories, products and roles (spec section 9). */
export const DESCRIPTION_MAX = 275;
export const DESCRIPTION_REQUIRED = 'La description est requise.';
export const DESCRIPTION_TOO_LONG = `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères.`;

/** The « À propos » text of a staff profile. */
export const ABOUT_MAX = 275;
export const ABOUT_TOO_LONG = `Le texte « À propos » ne doit pas dépasser ${ABOUT_MAX} caractères.`;

/** The public contact form (POST /api/contact): the site's inputs stop where the API refuses. */
export const CONTACT_LIMITS = { name: 255, email: 255, object: 255, messageMin: 10, messageMax: 5000 } as const;

/** The stock keeper's comment on an entry, an adjustment or an inventory count. */
export const STOCK_COMMENT_MAX = 500;
export const STOCK_COMMENT_TOO_LONG = `Le commentaire ne doit pas dépasser ${STOCK_COMMENT_MAX} caractères.`;
