import { Transform } from 'class-transformer';
import { registerDecorator } from 'class-validator';

/**
 * Validation rules that give one message per problem: each rule leaves empty values to the
 * "required" rule, so a blank field reads "Le nom est requis." and not three messages at once.
 */
export type Check = (value: unknown, object: Record<string, unknown>) => string | null;

/** A class-validator decorator from a check answering the French message of the problem, or null. */
export function Rule(name: string, check: Check): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value, args) => check(value, (args?.object ?? {}) as Record<string, unknown>) === null,
        defaultMessage: (args) =>
          check(args?.value, (args?.object ?? {}) as Record<string, unknown>) ?? 'Cette valeur est invalide.',
      },
    });
  };
}

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Present and a non-blank text. */
export const RequiredText = (message: string) =>
  Rule('requiredText', (value) => (typeof value === 'string' && value.trim() !== '' ? null : message));

/** When present, a text of at most `max` characters. */
export const MaxText = (max: number, message: string) =>
  Rule('maxText', (value) => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return 'Ce champ doit être un texte.';
    return [...value].length > max ? message : null;
  });

/** Trims a text field before it is validated and stored. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
