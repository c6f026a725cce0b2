import { runtimeConfig } from './runtime-config';

/**
 * Company facts the dashboard shows. Those that vary by deployment (company name, staff e-mail
 * domain) come from the server at run time (see runtime-config.ts); the rest is the product's own.
 */
export const BRAND_NAME = 'Comptoir';
export const companyName = (): string => runtimeConfig().company_name;
/** The only domain the server accepts for staff sign-in (lower case, without "@"). */
export const companyEmailDomain = (): string => runtimeConfig().company_email_domain.trim().toLowerCase().replace(/^@/, '');
/** The spec's footer year. */
export const COPYRIGHT_YEAR = 2024;
export const copyrightLine = (): string => `© ${COPYRIGHT_YEAR} ${companyName()}. Tous droits réservés.`;
export const DESIGNER_CREDIT = 'Conçu et développé par l’équipe numérique Comptoir';
