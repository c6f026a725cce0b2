import { companyEmailDomain } from '../../lib/brand';

/** The spec's e-mail messages (section 5), spelling corrected. */
export const EMAIL_REQUIRED = "L'email est requis.";
export const EMAIL_INVALID = "L'email n'est pas valide.";
export const PASSWORD_REQUIRED = 'Le mot de passe est requis.';
export const PASSWORD_MIN = 'Le mot de passe doit contenir au moins 8 caractères.';
export const PASSWORD_MIN_LENGTH = 8;

export function domainMessage(domain: string = companyEmailDomain()): string {
  return `Seuls les emails @${domain} sont autorisés.`;
}

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailFormat(value: string): boolean {
  return EMAIL_FORMAT.test(value.trim());
}

/** True when the address belongs to the company's own domain (case-insensitive). */
export function isCompanyEmail(value: string, domain: string = companyEmailDomain()): boolean {
  return value.trim().toLowerCase().endsWith(`@${domain.toLowerCase()}`);
}

/** react-hook-form `validate` for a company address: format first, then the domain. */
export function validateCompanyEmail(value: string): true | string {
  if (!value.trim()) return EMAIL_REQUIRED;
  if (!isEmailFormat(value)) return EMAIL_INVALID;
  if (!isCompanyEmail(value)) return domainMessage();
  return true;
}
