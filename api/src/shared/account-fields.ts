/**
 * The limits and French messages of the staff account fields (sign-in, password reset, the
 * administrators' form), declared once for the API's validation and the dashboard's forms
 * (`@comptoir/api/account-fields`), so that both refuse the same input with the same words.
 */

/** OWASP ASVS 5 (§6.2): at least 8 characters, long passphrases allowed. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** A new password left empty (reset, new administrator). */
export const PASSWORD_REQUIRED = 'Un mot de passe est requis.';
/** The password of a sign-in or of a confirmation left empty. */
export const PASSWORD_SIGN_IN_REQUIRED = 'Le mot de passe est requis.';
export const PASSWORD_TOO_SHORT = `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères.`;
export const PASSWORD_TOO_LONG = `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX} caractères.`;

export const EMAIL_REQUIRED = "L'email est requis.";
export const EMAIL_INVALID = "L'email n'est pas valide.";
