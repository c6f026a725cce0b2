import { Rule, isBlank } from './field-rules.js';

/**
 * The HTML living standard's e-mail syntax (what `<input type="email">` accepts), ASCII only. One rule
 * for every address the API takes (staff, clients, contact, newsletter): no control, bidi-override,
 * invisible or space character can reach a mail header, the journal or a screen.
 */
export const EMAIL_SYNTAX =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const isEmailAddress = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 255 && EMAIL_SYNTAX.test(value);

/** When present, a well-formed address (empty values are the "required" rule's business). */
export const IsEmailAddress = (message: string) =>
  Rule('isEmailAddress', (value) => (isBlank(value) || isEmailAddress(value) ? null : message));
