import { Inject, Injectable } from '@nestjs/common';
import { withRecordNames } from './audit-names.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThan, type EntityManager } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { applyListQuery } from '../common/list-order.js';
import { leanColumns } from '../common/lean-rows.js';
import { quoteIdentifier } from '../core/database/triggers.js';
import { pageRequest, paginate, whereSearch } from '../common/listing.js';
import { AUDIT_LIST } from './audit-list.js';
import type { AuditAction, AuditChange, AuditEntryView } from '../contract/audit.js';
import type { Paginated } from '../contract/staff.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { currentActor, type AuditActor } from './audit-context.js';
import type { AuditHistoryQueryDto, AuditQueryDto } from './dto/audit-query.dto.js';
import { AuditEntry } from './entities/audit-entry.entity.js';

export const AUDIT_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditRecord {
  entity: string;
  entity_id: number | null;
  label: string | null;
  action: AuditAction;
  changes: Record<string, AuditChange> | null;
}

export function toAuditView(row: AuditEntry): AuditEntryView {
  let changes: AuditEntryView['changes'] = null;
  if (row.changes) {
    try {
      changes = JSON.parse(row.changes) as AuditEntryView['changes'];
    } catch {
      changes = null;
    }
  }
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    actor: row.actor as AuditEntryView['actor'],
    user_id: row.user_id,
    user_name: row.user_name,
    ip: row.ip,
    entity: row.entity,
    entity_id: row.entity_id,
    label: row.label,
    action: row.action as AuditAction,
    changes,
  };
}

/**
 * Writes and reads the activity history. Entries are written with the manager of the change they
 * describe (same transaction); reading is for staff with admin view (journal) or the record's own
 * view right (history panels).
 */
@Injectable()
export class AuditService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Records one entry with `manager` (pass the transaction's manager), as `actor` or the current
   * request's actor. Outside a request and without an actor nothing is recorded (boot, seeding).
   * Answers the entry's id (null when nothing was recorded).
   */
  async record(
    manager: EntityManager | null,
    entry: AuditRecord,
    actor: AuditActor | null = currentActor(),
  ): Promise<number | null> {
    if (!actor) return null;
    manager ??= this.dataSource.manager;
    let userName = actor.userName;
    if (!userName && actor.userId) {
      const user = await manager
        .getRepository(User)
        .findOne({ select: { id: true, firstname: true, name: true }, where: { id: actor.userId } });
      userName = user ? `${user.firstname} ${user.name}`.trim() : null;
    }
    const inserted = await manager.getRepository(AuditEntry).insert({
      created_at: new Date(),
      actor: actor.actor,
      user_id: actor.userId,
      user_name: userName?.slice(0, 201) ?? null,
      ip: actor.ip?.slice(0, 45) ?? null,
      entity: entry.entity,
      entity_id: entry.entity_id,
      label: entry.label?.slice(0, 255) ?? null,
      action: entry.action,
      changes: entry.changes ? JSON.stringify(entry.changes) : null,
    });
    return Number(inserted.identifiers[0]!.id);
  }

  async list(query: AuditQueryDto): Promise<Paginated<AuditEntryView>> {
    const qb = applyListQuery(this.dataSource.getRepository(AuditEntry).createQueryBuilder('entry'), query, AUDIT_LIST);
    // Label, name and address, accents and case ignored ("electrogene" finds "Électrogène").
    whereSearch(qb, 'entry', query.search);
    const page = await paginate(qb, pageRequest(query, AUDIT_PAGE_SIZE), toAuditView, (ids) => this.entries(ids));
    return { ...page, data: await withRecordNames(this.dataSource, page.data) };
  }

  /** One record's history, newest first. */
  async history(query: AuditHistoryQueryDto): Promise<Paginated<AuditEntryView>> {
    const qb = this.dataSource
      .getRepository(AuditEntry)
      .createQueryBuilder('entry')
      .where('entry.entity = :entity AND entry.entity_id = :entityId', { entity: query.entity, entityId: query.entity_id })
      .orderBy('entry.id', 'DESC');
    const page = await paginate(qb, pageRequest({ page: query.page }, HISTORY_PAGE_SIZE), toAuditView, (ids) =>
      this.entries(ids),
    );
    return { ...page, data: await withRecordNames(this.dataSource, page.data) };
  }

  /**
   * Entries by id, read as plain rows: the query builder's statement and its entities cost a
   * journal page more Node CPU than reading the columns straight (docs/performance.md).
   */
  private async entries(ids: number[]): Promise<AuditEntry[]> {
    const q = quoteIdentifier(this.dataSource);
    const entry = leanColumns(this.dataSource, AuditEntry, 'entry');
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT ${entry.select} FROM ${q(this.dataSource.getMetadata(AuditEntry).tableName)} ${q('entry')}
        WHERE ${q('entry')}.${q('id')} IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return rows.map(entry.read);
  }

  /** Deletes the entries written before `date`; answers how many. For the scheduled housekeeping. */
  async purgeOlderThan(date: Date): Promise<number> {
    const result = await this.dataSource.getRepository(AuditEntry).delete({ created_at: LessThan(date) });
    return result.affected ?? 0;
  }

  /** Applies AUDIT_RETENTION_DAYS. */
  async purgeExpired(now = new Date()): Promise<number> {
    return this.purgeOlderThan(new Date(now.getTime() - this.config.auditRetentionDays * DAY_MS));
  }
}
