import { Rule, isBlank } from './field-rules.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const PASSWORD_REQUIRED = 'Un mot de passe est requis.';
export const PASSWORD_TOO_SHORT = 'Le mot de passe doit contenir au moins 8 caractères.';
export const PASSWORD_TOO_LONG = 'Le mot de passe ne doit pas dépasser 256 caractères.';

/** When present, a new password of 8 to 256 characters (length only, as the spec asks). */
export const IsNewPassword = () =>
  Rule('isNewPassword', (value) => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string') return PASSWORD_TOO_SHORT;
    const length = [...value].length;
    if (length < PASSWORD_MIN || isBlank(value)) return PASSWORD_TOO_SHORT;
    return length > PASSWORD_MAX ? PASSWORD_TOO_LONG : null;
  });
