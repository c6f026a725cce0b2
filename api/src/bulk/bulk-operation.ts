import { HttpException, HttpStatus } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, Min } from 'class-validator';
import { In, type EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { boolInput } from '../common/forms.js';
import { MAX_PER_PAGE } from '../common/listing.js';
import type { BulkAnswer, BulkRefusal } from '../contract/bulk.js';
import type { AuditChange } from '../contract/audit.js';
import type { Paginated } from '../contract/staff.js';
import { ApiError, ValidationFailed, conflict, notFound, type FieldErrors } from '../core/errors/api-error.js';

/**
 * What every bulk action shares: the selection (explicit ids, or every row the list's own filter
 * matches, read with the list's own service method), the per-row outcome, the one journal entry that
 * lists the records, and the undo window. The domains' actions sit beside it in this folder
 * (product-bulk.ts, article-bulk.ts, order-bulk.ts) rather than in each domain: an action here only
 * composes the domain's single-row methods and rules, and the selection, summary and undo are one
 * implementation for all.
 */

/** How long a bulk change of fields can be taken back (an order's status: STATUS_MAIL_DELAY_SECONDS). */
export const BULK_UNDO_SECONDS = 10;
/** Rows named one by one in a request (the body's array limit is 2 000). */
export const BULK_MAX_IDS = 1000;
/** Rows one "all matching" operation may touch. */
export const BULK_MAX_ROWS = 10_000;

const ID_MESSAGE = 'Chaque ligne sélectionnée doit être un identifiant valide.';

/** The body's selection: `ids`, or `all: true` with the list's filter in the query string. */
export class BulkSelectionDto {
  @ApiPropertyOptional({ description: 'Les lignes choisies (au plus 1 000).', type: [Number], example: [12, 14] })
  @IsOptional()
  @IsArray({ message: 'La sélection doit être une liste d’identifiants.' })
  @ArrayMaxSize(BULK_MAX_IDS, { message: 'Au plus 1 000 lignes choisies une à une : utilisez « tous les résultats ».' })
  @IsInt({ each: true, message: ID_MESSAGE })
  @Min(1, { each: true, message: ID_MESSAGE })
  ids?: number[];

  @ApiPropertyOptional({
    description: 'Toutes les lignes que le filtre de la liste retient (paramètres de la liste dans l’URL), au plus 10 000.',
    example: false,
  })
  @IsOptional()
  @Transform(boolInput)
  @IsBoolean({ message: '« all » doit valoir true ou false.' })
  all?: boolean;
}

/** The selection's own 422 (nothing chosen), to be reported with the DTO's errors. */
export function selectionErrors(fields: Partial<BulkSelectionDto>): FieldErrors {
  return fields.all || fields.ids?.length ? {} : { ids: ['Sélectionnez au moins une ligne.'] };
}

/** The ids the request names: its own, or every row of the list under its filter. */
export async function selectedIds(
  selection: BulkSelectionDto,
  listPage: (page: number, perPage: number) => Promise<Paginated<{ id: number }>>,
): Promise<number[]> {
  if (!selection.all) return [...new Set(selection.ids ?? [])];
  // By page numbers, as the list pages on screen (its order ends with the id): the export's keyset
  // reading (common/list-export.ts) stops early on MariaDB when many rows share a second.
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const answer = await listPage(page, MAX_PER_PAGE);
    ids.push(...answer.data.map((row) => row.id));
    if (ids.length > BULK_MAX_ROWS) {
      throw new ValidationFailed({ all: ['Plus de 10 000 résultats : affinez le filtre avant une action groupée.'] });
    }
    if (answer.data.length < MAX_PER_PAGE) return [...new Set(ids)];
  }
}

/** `values` by chunks of `size` (an IN list per chunk). */
export function chunks<T>(values: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

export interface BulkRow {
  id: number;
  label: string;
}

/** A changed row as the journal keeps it: its values before and after (after: null for a deletion). */
export interface RowChange {
  before: Record<string, unknown>;
  after: Record<string, unknown> | null;
}

export interface BulkOutcome<R extends BulkRow> {
  done: Array<{ row: R; change: RowChange }>;
  refused: BulkRefusal[];
  unchanged: number;
}

/** The French message of a refusal thrown by a single-row rule (404, 409, 422…); other errors go up. */
export function refusalReason(error: unknown): string {
  if (error instanceof ValidationFailed) return Object.values(error.errors).flat()[0] ?? error.message;
  if (error instanceof ApiError || error instanceof HttpException) {
    const body = error.getResponse();
    if (typeof body === 'object' && body && 'message' in body && typeof body.message === 'string') return body.message;
    return error.message;
  }
  throw error;
}

/**
 * Runs `apply` on each row, in order: a change, `null` (already as asked), or a refusal (a thrown
 * rule's message, or a `string` answered). Rows the request named that no longer exist are refused.
 */
export async function eachRow<R extends BulkRow>(
  ids: number[],
  rows: R[],
  apply: (row: R) => Promise<RowChange | string | null>,
): Promise<BulkOutcome<R>> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const outcome: BulkOutcome<R> = { done: [], refused: [], unchanged: 0 };
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) {
      outcome.refused.push({ id, label: `n° ${id}`, reason: 'Introuvable : supprimé entre-temps.' });
      continue;
    }
    try {
      const change = await apply(row);
      if (typeof change === 'string') outcome.refused.push({ id, label: row.label, reason: change });
      else if (change) outcome.done.push({ row, change });
      else outcome.unchanged++;
    } catch (error) {
      outcome.refused.push({ id, label: row.label, reason: refusalReason(error) });
    }
  }
  return outcome;
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/** « 18 modifiés, 2 refusés » (« supprimés » for a deletion), « 3 déjà à jour » when some were. */
export function summary(changed: number, refused: number, unchanged: number, verb = 'modifié'): string {
  const parts = [plural(changed, verb)];
  if (unchanged) parts.push(`${unchanged} déjà à jour`);
  if (refused) parts.push(plural(refused, 'refusé'));
  return parts.join(', ');
}

/** A record's line in the operation's journal entry: « Groupe 5 kVA (GE-5) · n° 12 », read back by the undo. */
const rowKey = (row: BulkRow) => `${row.label} · n° ${row.id}`;
const ROW_KEY = /^(.*) · n° (\d+)$/s;

/** The journal's record of an operation: its kind and whether « Annuler » may take it back. */
interface OperationHead {
  action: string;
  undoable: boolean;
}

/**
 * The one journal entry of a bulk operation (entity: the records' kind, no record id), listing each
 * changed record's values before and after under its id. Answers the entry's id: the operation id.
 */
export async function recordOperation(
  audit: AuditService,
  manager: EntityManager,
  entity: string,
  label: string,
  head: OperationHead,
  done: Array<{ row: BulkRow; change: RowChange }>,
): Promise<number | null> {
  const changes: Record<string, AuditChange> = { operation: { before: null, after: head } };
  for (const { row, change } of done) {
    changes[rowKey(row)] = { before: change.before, after: change.after };
  }
  return audit.record(manager, { entity, entity_id: null, label: label.slice(0, 255), action: 'bulk', changes });
}

/** An operation that may still be taken back: its rows' values before and after. */
export interface UndoableOperation {
  id: number;
  action: string;
  rows: Array<{ id: number; label: string; before: Record<string, unknown>; after: Record<string, unknown> }>;
}

/**
 * The operation `id` of `entity`, if `userId` made it, it is undoable, not taken back yet and
 * within `windowSeconds`; else the French 403/404/409 that says why.
 */
export async function undoableOperation(
  manager: EntityManager,
  entity: string,
  id: number,
  userId: number,
  windowSeconds: number,
): Promise<UndoableOperation> {
  const entry = await manager.getRepository(AuditEntry).findOneBy({ id, entity, action: 'bulk' });
  if (!entry?.changes) throw notFound('Action groupée introuvable.');
  if (entry.user_id !== userId) {
    throw new ApiError(HttpStatus.FORBIDDEN, 'Seule la personne qui a fait l’action groupée peut l’annuler.');
  }
  const changes = JSON.parse(entry.changes) as Record<string, AuditChange>;
  const head = changes.operation?.after as OperationHead | undefined;
  if (!head?.undoable) throw conflict('Cette action groupée ne peut pas être annulée.');
  if (await manager.getRepository(AuditEntry).existsBy({ entity, entity_id: id, action: In(['bulk_undo']) })) {
    throw conflict('Cette action groupée a déjà été annulée.');
  }
  if (new Date(entry.created_at).getTime() + windowSeconds * 1000 <= Date.now()) {
    throw conflict('Le délai d’annulation est passé : l’action groupée est définitive.');
  }
  const rows = Object.entries(changes)
    .filter(([key]) => key !== 'operation')
    .map(([key, change]) => {
      const [, label = key, id = '0'] = ROW_KEY.exec(key) ?? [];
      return {
        id: Number(id),
        label,
        before: change.before as Record<string, unknown>,
        after: change.after as Record<string, unknown>,
      };
    });
  return { id, action: head.action, rows };
}

/** The journal entry of an undo: the records put back, under the operation's id. */
export async function recordUndo(
  audit: AuditService,
  manager: EntityManager,
  entity: string,
  operationId: number,
  label: string,
  done: Array<{ row: BulkRow; change: RowChange }>,
): Promise<void> {
  const changes: Record<string, AuditChange> = {};
  for (const { row, change } of done) {
    changes[rowKey(row)] = { before: change.before, after: change.after };
  }
  await audit.record(manager, { entity, entity_id: operationId, label: label.slice(0, 255), action: 'bulk_undo', changes });
}

/** The answer of an operation or of its undo. */
export function bulkAnswer(
  outcome: BulkOutcome<BulkRow>,
  operationId: number | null,
  undoUntil: Date | null,
  verb?: string,
): BulkAnswer {
  return {
    success: true,
    message: summary(outcome.done.length, outcome.refused.length, outcome.unchanged, verb),
    changed: outcome.done.length,
    unchanged: outcome.unchanged,
    refused: outcome.refused,
    operation_id: operationId,
    undo_until: operationId && undoUntil ? undoUntil.toISOString() : null,
  };
}

/**
 * A bulk delete: each row through the single delete (its rules and refusals), then one journal entry
 * for the rows deleted. Never undoable: the single delete's own cleanup (images, links) has run.
 */
export async function bulkDelete<R extends BulkRow>(options: {
  audit: AuditService;
  manager: EntityManager;
  entity: string;
  /** « article(s) » / « produit(s) »: the journal entry reads « 3 article(s) supprimé(s) ». */
  noun: string;
  ids: number[];
  rows: R[];
  /** The refusal when the person may not delete these records, else null. */
  denied: string | null;
  remove: (row: R) => Promise<unknown>;
  /** What the journal keeps of a deleted row. */
  before: (row: R) => Record<string, unknown>;
}): Promise<BulkAnswer> {
  const { denied } = options;
  const outcome = await eachRow(options.ids, options.rows, async (row) => {
    if (denied) return denied;
    await options.remove(row);
    return { before: options.before(row), after: null };
  });
  const operationId = outcome.done.length
    ? await recordOperation(
        options.audit,
        options.manager,
        options.entity,
        `${outcome.done.length} ${options.noun} supprimé(s)`,
        { action: 'delete', undoable: false },
        outcome.done,
      )
    : null;
  return bulkAnswer(outcome, operationId, null, 'supprimé');
}
