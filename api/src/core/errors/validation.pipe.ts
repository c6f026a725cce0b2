import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { ValidationFailed, type FieldErrors } from './api-error.js';

/** French fallbacks for constraints declared without a message of their own. */
const FRENCH_CONSTRAINTS: Record<string, string> = {
  isNotEmpty: 'Ce champ est requis.',
  isDefined: 'Ce champ est requis.',
  isEmail: "L'adresse email n'est pas valide.",
  isString: 'Ce champ doit être un texte.',
  isInt: 'Ce champ doit être un nombre entier.',
  isNumber: 'Ce champ doit être un nombre.',
  isPositive: 'Ce champ doit être un nombre positif.',
  min: 'La valeur est trop petite.',
  max: 'La valeur est trop grande.',
  maxLength: 'Ce champ est trop long.',
  minLength: 'Ce champ est trop court.',
  isIn: "Cette valeur n'est pas autorisée.",
  isEnum: "Cette valeur n'est pas autorisée.",
  isBoolean: 'Ce champ doit être vrai ou faux.',
  isDateString: 'Cette date est invalide.',
  isISO8601: 'Cette date est invalide.',
  isArray: 'Ce champ doit être une liste.',
  arrayMinSize: 'La liste ne contient pas assez d’éléments.',
  arrayMaxSize: 'La liste contient trop d’éléments.',
  whitelistValidation: "Ce champ n'est pas attendu.",
};

function frenchMessage(constraint: string, message: string, property: string): string {
  // class-validator's own English default messages start with the property name ("limit must not be
  // less than 1", "each value in tags must ...", "nested property items must ..."); a message of our
  // own never does, whatever its accents.
  const isDefault =
    message.startsWith(`${property} `) ||
    message.startsWith(`each value in ${property} `) ||
    message.startsWith(`nested property ${property} `) ||
    message.startsWith(`each value in nested property ${property} `) ||
    message.startsWith('an unknown value was passed');
  return isDefault ? (FRENCH_CONSTRAINTS[constraint] ?? 'Cette valeur est invalide.') : message;
}

export interface FlattenOptions {
  /**
   * Take every message as written: for DTOs that carry their own French message on every rule (the
   * `@FormBody` forms), where the guess at class-validator's English defaults would mistake an
   * unaccented French sentence such as "Le nom est requis." for one.
   */
  asWritten?: boolean;
}

/**
 * class-validator's nested errors as the API answers them, `{ field: [messages] }` with dotted paths
 * for nested fields (`items.0.quantity`), each field's messages in declaration order. The one
 * flattener of both validation paths: the global pipe and `@FormBody` (common/forms.ts).
 */
export function flattenValidationErrors(errors: ValidationError[], options: FlattenOptions = {}, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const key = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      // class-validator lists constraints in reverse declaration order; the first declared reads best.
      out[key] = Object.entries(error.constraints)
        .reverse()
        .map(([name, message]) => (options.asWritten ? message : frenchMessage(name, message, error.property)));
    }
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, options, key));
  }
  return out;
}

/**
 * Route parameters are left to their own pipes (`IdPipe` for every `:id`): the stock pipe would first
 * turn "0x2", "2e0", "+2" or "2.0" into the number 2 (`transform` of a `number` parameter), which the
 * id pipe could then no longer tell from a canonical "2".
 */
class BodyAndQueryValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param') return Promise.resolve(value);
    return super.transform(value, metadata) as Promise<unknown>;
  }
}

export function createValidationPipe(): ValidationPipe {
  return new BodyAndQueryValidationPipe({
    transform: true,
    whitelist: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => new ValidationFailed(flattenValidationErrors(errors)),
  });
}
