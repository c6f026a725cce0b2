import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isEmailAddress } from '../common/email-address.js';

/**
 * The company's e-mail domain, as configured (COMPANY_EMAIL_DOMAIN). Set once at boot by the auth
 * module, read by the `IsStaffEmail` rule: class-validator rules are declared on classes, before any
 * configuration exists.
 */
let companyDomain = 'comptoir.example';

export function setCompanyEmailDomain(domain: string): void {
  companyDomain = domain.toLowerCase().replace(/^@/, '');
}

export const companyEmailDomain = (): string => companyDomain;

import { EMAIL_INVALID as INVALID_EMAIL } from '../shared/account-fields.js';

export { INVALID_EMAIL };
export const domainMessage = (): string => `Seuls les emails @${companyDomain} sont autorisés.`;

/** Why a staff address is refused, or null when it is fine (empty values are the "required" rule's business). */
export function staffEmailProblem(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!isEmailAddress(value)) return INVALID_EMAIL;
  if (!value.toLowerCase().endsWith(`@${companyDomain}`)) return domainMessage();
  return null;
}

/** A well-formed address of the company's own domain; one message, the relevant one. */
export function IsStaffEmail(options: ValidationOptions = {}): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isStaffEmail',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => staffEmailProblem(value) === null,
        defaultMessage: (args) => staffEmailProblem(args?.value) ?? INVALID_EMAIL,
      },
    });
  };
}

/** Trims and lower-cases an e-mail field before it is validated and used. */
export const NormalizeEmail = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
