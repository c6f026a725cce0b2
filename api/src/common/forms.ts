import { Body, type PipeTransform } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate } from 'class-validator';
import { ValidationFailed, type FieldErrors } from '../core/errors/api-error.js';
import { flattenValidationErrors } from '../core/errors/validation.pipe.js';
import { assertBodyShape } from '../core/web/body-limits.js';
import { sentVersion } from './versioning.js';

/**
 * A form body checked at the edge against its DTO (`@FormBody(Dto)` in the controller): what the
 * service receives instead of the raw body. Declare each field's rules in priority order: the first
 * failing one is the message shown. Unknown fields (such as `_method=PUT`) are dropped.
 *
 * The DTO's errors are answered by `valid()`, together with the errors the service finds itself
 * (a name already used, an uploaded file refused), so that one 422 answer lists every field in error
 * at once, as the dashboard's forms show them; and after the service's own 404.
 */
export interface SubmittedForm<T extends object> {
  /** The fields as the DTO converted them (trimmed, lower-cased...), valid or not: for the service's own checks. */
  readonly fields: Partial<T>;
  /** The validated DTO, or a 422 with its errors and `extraErrors` (one message per field, the first declared). */
  valid(extraErrors?: FieldErrors): T;
  /** The `version` the form sent back (common/versioning.ts); a 422 when malformed. */
  version(): number | undefined;
}

/** Checks a form body against a DTO (see SubmittedForm); the body's shape is bounded first. */
export async function readForm<T extends object>(dto: ClassConstructor<T>, body: unknown): Promise<SubmittedForm<T>> {
  // Multipart text fields did not go through the JSON/form parsers' shape check.
  assertBodyShape(body);
  const plain = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const instance = plainToInstance(dto, plain);
  // The DTOs of these forms carry their own French message on every rule: taken as written.
  const errors = flattenValidationErrors(await validate(instance, { whitelist: true, forbidUnknownValues: false }), {
    asWritten: true,
  });
  // One message per field, the first declared: "required" before "format" before "range".
  for (const field of Object.keys(errors)) errors[field] = errors[field]!.slice(0, 1);
  return {
    fields: instance,
    valid(extraErrors: FieldErrors = {}): T {
      const all: FieldErrors = { ...errors };
      for (const [field, messages] of Object.entries(extraErrors)) {
        if (messages.length) all[field] = [...(all[field] ?? []), ...messages];
      }
      for (const field of Object.keys(all)) all[field] = [...new Set(all[field])];
      if (Object.keys(all).length) throw new ValidationFailed(all);
      return instance;
    },
    version: () => sentVersion(plain),
  };
}

/** The pipe behind `@FormBody(Dto)`. */
export class FormPipe<T extends object> implements PipeTransform<unknown, Promise<SubmittedForm<T>>> {
  constructor(private readonly dto: ClassConstructor<T>) {}

  transform(body: unknown): Promise<SubmittedForm<T>> {
    return readForm(this.dto, body);
  }
}

/**
 * The body of a form (multipart or urlencoded, or JSON) checked against `dto` at the edge, handed to
 * the handler as a SubmittedForm; documented in OpenAPI with the DTO's fields. The parameter's type is
 * an interface, so the global ValidationPipe leaves the body to this one.
 */
export function FormBody<T extends object>(dto: ClassConstructor<T>, options: { multipart?: boolean } = {}): ParameterDecorator {
  return (target, key, index) => {
    Body(new FormPipe(dto))(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    ApiBody({ type: dto })(target, key, descriptor);
    ApiConsumes(...(options.multipart ? ['multipart/form-data'] : ['application/json', 'application/x-www-form-urlencoded']))(
      target,
      key,
      descriptor,
    );
  };
}

/** Runs a check that may throw a 422 and collects its field errors instead of throwing. */
export async function collectFieldErrors<T>(check: () => Promise<T>, into: FieldErrors): Promise<T | undefined> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof ValidationFailed) {
      for (const [field, messages] of Object.entries(error.errors)) {
        into[field] = [...new Set([...(into[field] ?? []), ...messages])];
      }
      return undefined;
    }
    throw error;
  }
}

/** Trims strings coming from a form; other values pass unchanged (for `@Transform`). */
export const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Money as the forms send it ("1250000", "1 250,50", 12.5) → "1250000.00"-style string, or the raw value when it is not a number. */
export const moneyInput = ({ value }: { value: unknown }) => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return value;
  const compact = value
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  return compact;
};

/** A decimal with at most two decimals, >= 0, fitting decimal(12,2). */
export const MONEY_PATTERN = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;

/** "12.5" → "12.50". Only for values matching MONEY_PATTERN. */
export function toMoney(value: string): string {
  const [units, cents = ''] = value.split('.');
  return `${units}.${cents.padEnd(2, '0')}`;
}

/** A record's id as written in a path or a body: a positive whole number, no sign, space or leading zero. */
export const ID_TEXT = /^[1-9]\d{0,9}$/;
export const ID_MAX = 2_147_483_647;

/**
 * Ids in bodies, as strict as ids in paths (IdPipe): "3" from a form or 3 from JSON; " 3", "03",
 * "3.0" or "+3" stay as sent, so the field's rule refuses them.
 */
export const idInput = ({ value }: { value: unknown }) =>
  typeof value === 'string' && ID_TEXT.test(value) && Number(value) <= ID_MAX ? Number(value) : value;

/** Integers as the forms send them ("12") → 12; anything else unchanged, so @IsInt reports it. */
export const intInput = ({ value }: { value: unknown }) => {
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value.trim());
  return value;
};

/** Booleans as forms send them: "1"/"0", "true"/"false", "on"/"off". */
export const boolInput = ({ value }: { value: unknown }) => {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (['1', 'true', 'on', 'yes'].includes(v)) return true;
    if (['0', 'false', 'off', 'no', ''].includes(v)) return false;
  }
  return value;
};

/** A plain calendar date "YYYY-MM-DD" that exists. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Accepts "YYYY-MM-DD" or an ISO date-time and keeps the date part; empty means absent. */
export const dateInput = ({ value }: { value: unknown }) => {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') return value;
  const v = value.trim();
  if (v === '' || v === 'null' || v === 'undefined') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
  return m ? m[1] : v;
};
