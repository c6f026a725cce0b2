import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  PASSWORD_REQUIRED as NEW_PASSWORD_REQUIRED,
  PASSWORD_SIGN_IN_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORD_MIN as PASSWORD_MIN_CHARS,
} from '@comptoir/api/account-fields';
import { companyEmailDomain } from '../../lib/brand';

/** The spec's e-mail messages (section 5), spelling corrected, the same as the API's. */
export { EMAIL_INVALID, EMAIL_REQUIRED, NEW_PASSWORD_REQUIRED };
/** A sign-in's or a confirmation's password left empty; a new one left empty is NEW_PASSWORD_REQUIRED. */
export const PASSWORD_REQUIRED = PASSWORD_SIGN_IN_REQUIRED;
export const PASSWORD_MIN = PASSWORD_TOO_SHORT;
export const PASSWORD_MIN_LENGTH = PASSWORD_MIN_CHARS;

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
