import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityMetadata,
  EntitySubscriberInterface,
  InsertEvent,
  ObjectLiteral,
  RemoveEvent,
  UpdateEvent,
} from 'typeorm';
import type { AuditAction, AuditChange } from '../contract/audit.js';
import { currentActor, rowEntriesOff } from './audit-context.js';
import { diffOf } from './audit-diff.js';
import { AUDITED_TABLES, type AuditedTable } from './audited-entities.js';
import { AuditService } from './audit.service.js';

/** The record's own columns (no relations), as a plain object. */
function columnsOf(metadata: EntityMetadata, row: ObjectLiteral): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of metadata.columns) {
    const value = column.getEntityValue(row);
    if (value !== undefined) values[column.propertyName] = value;
  }
  return values;
}

/** What kind of change an update is, from the fields it changed. */
function updateAction(entity: string, changes: Record<string, AuditChange>): AuditAction {
  if (changes.password) return 'password';
  if (entity === 'user' && changes.role_id) return 'permissions';
  if (changes.status) return 'status';
  return 'update';
}

/**
 * Records every insert, update and removal of the audited tables (audited-entities.ts) that goes
 * through TypeORM's entity events, with the manager of the change (same transaction).
 *
 * TypeORM gives an update's previous values only to `save()`; an update through a query builder
 * (`repository.update(criteria, values)`) has neither the old values nor the record's id, and a
 * query-builder delete has no record at all. Services therefore change audited records with
 * `updateAudited` / `removeAudited` (audited-writes.ts), or record explicitly with AuditService
 * where a conditional statement is needed (order status, popular flag, roles).
 */
@Injectable()
export class AuditSubscriber implements EntitySubscriberInterface {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly audit: AuditService,
  ) {
    dataSource.subscribers.push(this);
  }

  private tableOf(metadata: EntityMetadata): AuditedTable | undefined {
    return AUDITED_TABLES[metadata.tableName];
  }

  async afterInsert(event: InsertEvent<ObjectLiteral>): Promise<void> {
    if (rowEntriesOff()) return;
    const table = this.tableOf(event.metadata);
    if (!table || !event.entity) return;
    const actor = currentActor();
    if (!actor) return;
    const row = columnsOf(event.metadata, event.entity);
    await this.audit.record(
      event.manager,
      {
        entity: table.entity,
        entity_id: idOf(row.id),
        label: table.label(row),
        action: 'create',
        changes: diffOf(null, row, { omit: table.omit }),
      },
      actor,
    );
  }

  async afterUpdate(event: UpdateEvent<ObjectLiteral>): Promise<void> {
    if (rowEntriesOff()) return;
    const table = this.tableOf(event.metadata);
    // Without the database row this is a query-builder update: its service records it.
    if (!table || !event.entity || !event.databaseEntity) return;
    const actor = currentActor();
    if (!actor) return;
    const before = columnsOf(event.metadata, event.databaseEntity);
    const after = { ...before, ...columnsOf(event.metadata, event.entity as ObjectLiteral) };
    const changes = diffOf(before, after, {
      fields: event.updatedColumns.map((c) => c.propertyName),
      omit: table.omit,
    });
    if (!changes) return;
    await this.audit.record(
      event.manager,
      {
        entity: table.entity,
        entity_id: idOf(before.id),
        label: table.label(after),
        action: updateAction(table.entity, changes),
        changes,
      },
      actor,
    );
  }

  async afterRemove(event: RemoveEvent<ObjectLiteral>): Promise<void> {
    if (rowEntriesOff()) return;
    const table = this.tableOf(event.metadata);
    const found = event.databaseEntity ?? event.entity;
    if (!table || !found) return;
    const actor = currentActor();
    if (!actor) return;
    const row = columnsOf(event.metadata, found);
    await this.audit.record(
      event.manager,
      {
        entity: table.entity,
        entity_id: idOf(event.entityId ?? row.id),
        label: table.label(row),
        action: 'delete',
        changes: diffOf(row, null, { omit: table.omit }),
      },
      actor,
    );
  }
}

function idOf(value: unknown): number | null {
  if (value && typeof value === 'object' && 'id' in value) return idOf((value as { id: unknown }).id);
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
