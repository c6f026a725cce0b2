import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import type { EntityManager, ObjectLiteral, Repository } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import type { StaleRecord } from '../contract/staff.js';
import { ApiError, invalidField, notFound } from '../core/errors/api-error.js';
import { formatLongDate, formatTime } from '../shared/dates.js';

/**
 * Optimistic concurrency for every staff edit. Each edited table carries `version`
 * (TypeORM's @VersionColumn: 1 on insert, +1 on every UPDATE, query-builder updates included) and
 * `updated_by` (the id of the staff member who saved last, kept without a foreign key so that it
 * survives their deletion). Answers carry `version`; an update that sends it back is applied only
 * while the row still has that version (`UPDATE … WHERE id = ? AND version = ?`, atomic on both
 * drivers); otherwise the answer is a 409 naming who saved meanwhile and when. An update without
 * `version` (older clients) is applied as before.
 */

const VERSION_INVALID = 'La version envoyée est invalide.';

/** The `version` a form sent back (multipart text or JSON number); undefined when absent. */
export function sentVersion(body: unknown): number | undefined {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).version : undefined;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < 0) throw invalidField('version', VERSION_INVALID);
  return value;
}

/** The WHERE of a versioned update: the row, and its version when the client sent one. */
export function versionedWhere(id: number, version: number | undefined): { id: number; version?: number } {
  return version === undefined ? { id } : { id, version };
}

async function editorName(manager: EntityManager, userId: number | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const user = await manager
    .getRepository(User)
    .findOne({ where: { id: userId }, select: { id: true, firstname: true, name: true } });
  return user ? `${user.firstname} ${user.name}`.trim() : null;
}

/**
 * The 409 for a stale save: "Awa Mensah a enregistré une autre version le 23 novembre 2026 à 14:07,
 * pendant que vous modifiiez cet article. …". `what` names the record with its article ("cet article").
 */
export async function staleRecord(
  manager: EntityManager,
  current: { version: number; updated_by?: number | null; updated_at: Date },
  what = 'cette fiche',
): Promise<ApiError> {
  const who = await editorName(manager, current.updated_by);
  const [date, time] = splitDate(current.updated_at);
  const details: StaleRecord = {
    stale: true,
    version: current.version,
    updated_by: who,
    updated_at: current.updated_at.toISOString(),
  };
  return new ApiError(
    HttpStatus.CONFLICT,
    `${who ? `${who} a enregistré une autre version` : 'Une autre modification a été enregistrée'} le ${date} à ${time}, ` +
      `pendant que vous modifiiez ${what}. ` +
      'Rechargez sa version ou continuez à modifier la vôtre.',
    { conflict: details },
  );
}

/** The day and the time in Lomé, the clocks staff read. */
function splitDate(date: Date): [string, string] {
  return [formatLongDate(date), formatTime(date)];
}

/**
 * After a versioned update touched no row: 404 when the row is gone, 409 (who, when) when another
 * save came first. Always throws.
 */
export async function explainUnappliedUpdate<
  T extends ObjectLiteral & { version: number; updated_at: Date; updated_by?: number | null },
>(repo: Repository<T>, id: number, notFoundMessage: string, what?: string): Promise<never> {
  const current = await repo.findOne({ where: { id } as never });
  if (!current) throw notFound(notFoundMessage);
  throw await staleRecord(repo.manager, current, what);
}

/** Before an update done in several statements: refuses at once when the client's copy is stale. */
export async function assertCurrentVersion(
  manager: EntityManager,
  current: { version: number; updated_by?: number | null; updated_at: Date },
  sent: number | undefined,
  what?: string,
): Promise<void> {
  if (sent !== undefined && sent !== current.version) throw await staleRecord(manager, current, what);
}

/**
 * The optional `version` field of the DTO-validated update forms (administrators, roles, profile):
 * "3" from a multipart form or 3 from JSON.
 */
export function VersionField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description: 'La `version` reçue avec la fiche ; absente = pas de contrôle.', example: 3 }),
    Transform(({ value }: { value: unknown }) => {
      if (value === '' || value === null) return undefined;
      return typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value;
    }),
    IsOptional(),
    ValidateBy({
      name: 'version',
      validator: {
        validate: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
        defaultMessage: () => VERSION_INVALID,
      },
    }),
  ) as PropertyDecorator;
}

/**
 * `.catch(withCurrentRecord(() => this.get(id)))` after a versioned update: a stale-save 409 also
 * carries the record as it is now (`conflict.current`, shaped like the update's answer), so a screen
 * can show "their" version without another call. Runs after the update's transaction has ended.
 */
export function withCurrentRecord(present: () => Promise<unknown>): (error: unknown) => Promise<never> {
  return async (error: unknown) => {
    const details = error instanceof ApiError ? (error.extra.conflict as StaleRecord | undefined) : undefined;
    if (error instanceof ApiError && error.getStatus() === HttpStatus.CONFLICT && details?.stale) {
      throw new ApiError(HttpStatus.CONFLICT, error.message, { conflict: { ...details, current: await present() } });
    }
    throw error;
  };
}
