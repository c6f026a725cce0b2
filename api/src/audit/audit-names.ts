import type { DataSource } from 'typeorm';
import type { AuditEntryView } from '../contract/audit.js';

/** Reference fields an entry may hold, and where the record's name is read (table, column). */
const REFERENCES: Record<string, { table: string; column: string }> = {
  brand_id: { table: 'brands', column: 'name' },
  category_id: { table: 'categories', column: 'designation' },
  currency_id: { table: 'currencies', column: 'name' },
  role_id: { table: 'roles', column: 'name' },
  customer_id: { table: 'customers', column: 'company_name' },
};

/**
 * Gives each reference change the names of the records it points to (`before_name`, `after_name`):
 * the history reads « Marque : Caterpillar », not « Marque (n°) : 1 ». A deleted record keeps its id.
 */
export async function withRecordNames(dataSource: DataSource, entries: AuditEntryView[]): Promise<AuditEntryView[]> {
  const wanted = new Map<string, Set<number>>();
  for (const entry of entries) {
    for (const [field, change] of Object.entries(entry.changes ?? {})) {
      if (!REFERENCES[field]) continue;
      const ids = wanted.get(field) ?? new Set<number>();
      for (const value of [change.before, change.after])
        if (Number.isInteger(Number(value)) && value !== null) ids.add(Number(value));
      wanted.set(field, ids);
    }
  }
  const names = new Map<string, Map<number, string>>();
  for (const [field, ids] of wanted) {
    if (!ids.size) continue;
    const { table, column } = REFERENCES[field]!;
    const rows = await dataSource
      .createQueryBuilder()
      .select('r.id', 'id')
      .addSelect(`r.${column}`, 'name')
      .from(table, 'r')
      .where('r.id IN (:...ids)', { ids: [...ids] })
      .getRawMany<{ id: number; name: string }>();
    names.set(field, new Map(rows.map((row) => [Number(row.id), String(row.name)])));
  }
  if (!names.size) return entries;
  for (const entry of entries) {
    for (const [field, change] of Object.entries(entry.changes ?? {})) {
      const known = names.get(field);
      if (!known) continue;
      const before = change.before === null ? undefined : known.get(Number(change.before));
      const after = change.after === null ? undefined : known.get(Number(change.after));
      if (before) change.before_name = before;
      if (after) change.after_name = after;
    }
  }
  return entries;
}
