/**
 * Company facts the dashboard shows. The e-mail domain is the one the server accepts for staff
 * sign-in: the build takes it from VITE_COMPANY_EMAIL_DOMAIN, else from the server's own
 * COMPANY_EMAIL_DOMAIN (see vite.config.ts), else the demo domain comptoir.example.
 */
export const BRAND_NAME = 'Comptoir';
export const COMPANY_NAME: string = import.meta.env.VITE_COMPANY_NAME || 'Comptoir Industriel du Togo';
export const COMPANY_EMAIL_DOMAIN: string = (import.meta.env.VITE_COMPANY_EMAIL_DOMAIN || 'comptoir.example')
  .trim()
  .toLowerCase()
  .replace(/^@/, '');
/** The spec's footer year. */
export const COPYRIGHT_YEAR = 2024;
export const COPYRIGHT_LINE = `© ${COPYRIGHT_YEAR} ${COMPANY_NAME}. Tous droits réservés.`;
export const DESIGNER_CREDIT = import.meta.env.VITE_DESIGNER_CREDIT || 'Conçu et développé par l’équipe numérique Comptoir';
