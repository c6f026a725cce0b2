import type { DeepPartial, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';

/**
 * Writes to audited tables in a way the audit subscriber can see: the previous row is loaded and the
 * change is saved (TypeORM then hands the subscriber the old and new values), in one transaction with
 * the audit entry. Each is a drop-in for `repository.update({ id }, values)` / `delete({ id })` /
 * `insert(values)`, with the same answer shape where the callers read it.
 */

type Target<E extends ObjectLiteral> = Repository<E> | { manager: EntityManager; target: EntityTarget<E> };

function inTransaction<T>(manager: EntityManager, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return manager.queryRunner?.isTransactionActive ? work(manager) : manager.transaction(work);
}

function definedOnly<E>(values: DeepPartial<E>): DeepPartial<E> {
  return Object.fromEntries(Object.entries(values as object).filter(([, v]) => v !== undefined)) as DeepPartial<E>;
}

/**
 * `repository.update({ id }, values)`, recorded. Answers `{ affected: 0 }` when the row is gone, or
 * when `version` is given and the row has moved past it (optimistic concurrency: the caller explains
 * the conflict). The row is read with a write lock on MySQL/MariaDB (SQLite transactions are already
 * serialised), so two saves of the same version cannot both pass the check.
 */
export async function updateAudited<E extends ObjectLiteral & { id: number }>(
  repo: Target<E>,
  id: number,
  values: DeepPartial<E>,
  version?: number,
): Promise<{ affected: number }> {
  return inTransaction(repo.manager, async (manager) => {
    const repository = manager.getRepository<E>(repo.target);
    const sqlite = ['sqlite', 'better-sqlite3'].includes(manager.connection.options.type);
    const row = await repository.findOne({
      where: { id } as never,
      ...(sqlite ? {} : { lock: { mode: 'pessimistic_write' as const } }),
    });
    if (!row) return { affected: 0 };
    if (version !== undefined && (row as { version?: number }).version !== version) return { affected: 0 };
    await repository.save(repository.merge(row, definedOnly(values)));
    return { affected: 1 };
  });
}

/** `repository.delete({ id })`, recorded. Answers `{ affected: 0 }` when the row is gone. */
export async function removeAudited<E extends ObjectLiteral & { id: number }>(
  repo: Target<E>,
  id: number,
): Promise<{ affected: number }> {
  return inTransaction(repo.manager, async (manager) => {
    const repository = manager.getRepository<E>(repo.target);
    const row = await repository.findOneBy({ id } as never);
    if (!row) return { affected: 0 };
    await repository.remove(row);
    return { affected: 1 };
  });
}

/** `repository.insert(values)` in a transaction, so the creation and its entry commit together (for new code; a lone `insert` is recorded too, by the subscriber, right after the statement). */
export async function insertAudited<E extends ObjectLiteral>(
  repo: Target<E>,
  values: DeepPartial<E>,
): Promise<{ identifiers: ObjectLiteral[] }> {
  return inTransaction(repo.manager, (manager) => manager.getRepository<E>(repo.target).insert(values as never));
}
