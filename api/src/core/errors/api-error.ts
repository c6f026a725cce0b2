import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * An error whose French message is meant for the person using the product. The exception filter
 * sends `message` (and any extra fields) as is; every other error gets a generic French message.
 */
export class ApiError extends HttpException {
  constructor(
    status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super({ message, ...extra }, status);
  }
}

export type FieldErrors = Record<string, string[]>;

export class ValidationFailed extends ApiError {
  constructor(
    readonly errors: FieldErrors,
    message = firstMessage(errors) ?? 'Les données envoyées sont invalides.',
  ) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, message, { errors });
  }
}

function firstMessage(errors: FieldErrors): string | undefined {
  const first = Object.values(errors).find((list) => list.length > 0);
  return first?.[0];
}

export const notFound = (message = 'Ressource introuvable.') => new ApiError(HttpStatus.NOT_FOUND, message);
export const conflict = (message: string) => new ApiError(HttpStatus.CONFLICT, message);
export const forbidden = (message = "Vous n'avez pas la permission d'effectuer cette action.") =>
  new ApiError(HttpStatus.FORBIDDEN, message);
export const unauthenticated = (message = 'Vous devez être connecté.') => new ApiError(HttpStatus.UNAUTHORIZED, message);
/** One field's validation failure, for rules checked in services (uniqueness, stock, dates). */
export const invalidField = (field: string, message: string) => new ValidationFailed({ [field]: [message] });
