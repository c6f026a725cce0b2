import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { isSqlite } from '../common/transactions.js';
import { presentTriggers, quoteIdentifier } from '../core/database/triggers.js';

/**
 * The triggers that keep `order_counts` (see OrderCount) exact on every write of `orders` and
 * `order_items`, whoever writes: the API of any replica, the seed, a cascade.
 *
 * Why they are ensured at every start rather than created once by a migration: a restored backup
 * recreates the tables without their triggers (the dump is taken with --skip-triggers), and
 * TypeORM's SQLite migrations change a column by copying the table and dropping the old one, which
 * drops its triggers silently. Either way the next start finds one missing, creates them all again
 * and counts the orders afresh.
 */
export const ORDER_COUNT_TRIGGERS = [
  'order_counts_line_delete',
  'order_counts_line_insert',
  'order_counts_order_delete',
  'order_counts_order_insert',
  'order_counts_order_status',
] as const;

/**
 * SQLite. A deleted order's lines are taken off BEFORE the delete: the cascade that removes them runs
 * once the order is gone, when their own trigger finds no order and does nothing.
 */
const SQLITE_TRIGGERS = [
  `CREATE TRIGGER "order_counts_order_insert" AFTER INSERT ON "orders" BEGIN
     INSERT INTO "order_counts" ("status", "orders_count", "lines_count") VALUES (NEW."status", 1, 0)
       ON CONFLICT ("status") DO UPDATE SET "orders_count" = "orders_count" + 1;
   END`,
  `CREATE TRIGGER "order_counts_order_status" AFTER UPDATE OF "status" ON "orders" WHEN OLD."status" IS NOT NEW."status" BEGIN
     UPDATE "order_counts" SET "orders_count" = "orders_count" - 1,
       "lines_count" = "lines_count" - (SELECT COUNT(*) FROM "order_items" WHERE "order_id" = OLD."id")
       WHERE "status" = OLD."status";
     INSERT INTO "order_counts" ("status", "orders_count", "lines_count")
       VALUES (NEW."status", 1, (SELECT COUNT(*) FROM "order_items" WHERE "order_id" = NEW."id"))
       ON CONFLICT ("status") DO UPDATE SET "orders_count" = "orders_count" + 1, "lines_count" = "lines_count" + excluded."lines_count";
   END`,
  `CREATE TRIGGER "order_counts_order_delete" BEFORE DELETE ON "orders" BEGIN
     UPDATE "order_counts" SET "orders_count" = "orders_count" - 1,
       "lines_count" = "lines_count" - (SELECT COUNT(*) FROM "order_items" WHERE "order_id" = OLD."id")
       WHERE "status" = OLD."status";
   END`,
  `CREATE TRIGGER "order_counts_line_insert" AFTER INSERT ON "order_items" BEGIN
     UPDATE "order_counts" SET "lines_count" = "lines_count" + 1
       WHERE "status" = (SELECT "status" FROM "orders" WHERE "id" = NEW."order_id");
   END`,
  `CREATE TRIGGER "order_counts_line_delete" AFTER DELETE ON "order_items" BEGIN
     UPDATE "order_counts" SET "lines_count" = "lines_count" - 1
       WHERE "status" = (SELECT "status" FROM "orders" WHERE "id" = OLD."order_id");
   END`,
];

/**
 * MySQL/MariaDB. InnoDB fires no trigger for the lines its cascade removes: the order's BEFORE DELETE
 * trigger takes them off. A status change updates its two rows in the order of their names, so that
 * two opposite changes at once cannot deadlock on them.
 */
const MYSQL_TRIGGERS = [
  `CREATE TRIGGER \`order_counts_order_insert\` AFTER INSERT ON \`orders\` FOR EACH ROW
     INSERT INTO \`order_counts\` (\`status\`, \`orders_count\`, \`lines_count\`) VALUES (NEW.\`status\`, 1, 0)
       ON DUPLICATE KEY UPDATE \`orders_count\` = \`orders_count\` + 1`,
  `CREATE TRIGGER \`order_counts_order_status\` AFTER UPDATE ON \`orders\` FOR EACH ROW
   BEGIN
     DECLARE moved INT;
     IF NOT (OLD.\`status\` <=> NEW.\`status\`) THEN
       SET moved = (SELECT COUNT(*) FROM \`order_items\` WHERE \`order_id\` = NEW.\`id\`);
       IF OLD.\`status\` < NEW.\`status\` THEN
         UPDATE \`order_counts\` SET \`orders_count\` = \`orders_count\` - 1, \`lines_count\` = \`lines_count\` - moved
           WHERE \`status\` = OLD.\`status\`;
       END IF;
       INSERT INTO \`order_counts\` (\`status\`, \`orders_count\`, \`lines_count\`) VALUES (NEW.\`status\`, 1, moved)
         ON DUPLICATE KEY UPDATE \`orders_count\` = \`orders_count\` + 1, \`lines_count\` = \`lines_count\` + moved;
       IF OLD.\`status\` > NEW.\`status\` THEN
         UPDATE \`order_counts\` SET \`orders_count\` = \`orders_count\` - 1, \`lines_count\` = \`lines_count\` - moved
           WHERE \`status\` = OLD.\`status\`;
       END IF;
     END IF;
   END`,
  `CREATE TRIGGER \`order_counts_order_delete\` BEFORE DELETE ON \`orders\` FOR EACH ROW
     UPDATE \`order_counts\` SET \`orders_count\` = \`orders_count\` - 1,
       \`lines_count\` = \`lines_count\` - (SELECT COUNT(*) FROM \`order_items\` WHERE \`order_id\` = OLD.\`id\`)
       WHERE \`status\` = OLD.\`status\``,
  `CREATE TRIGGER \`order_counts_line_insert\` AFTER INSERT ON \`order_items\` FOR EACH ROW
     UPDATE \`order_counts\` SET \`lines_count\` = \`lines_count\` + 1
       WHERE \`status\` = (SELECT \`status\` FROM \`orders\` WHERE \`id\` = NEW.\`order_id\`)`,
  `CREATE TRIGGER \`order_counts_line_delete\` AFTER DELETE ON \`order_items\` FOR EACH ROW
     UPDATE \`order_counts\` SET \`lines_count\` = \`lines_count\` - 1
       WHERE \`status\` = (SELECT \`status\` FROM \`orders\` WHERE \`id\` = OLD.\`order_id\`)`,
];

/**
 * Creates the triggers when one is missing (after the migrations, under the boot lock), then counts
 * the orders and their lines afresh. Returns true when it had to.
 */
export async function ensureOrderCounts(dataSource: DataSource): Promise<boolean> {
  const present = await presentTriggers(dataSource);
  if (ORDER_COUNT_TRIGGERS.every((name) => present.has(name))) return false;
  const sqlite = isSqlite(dataSource);
  const q = quoteIdentifier(dataSource);
  // Triggers first, then the recount in one transaction: a write that lands meanwhile is either in
  // the recount (committed before it) or counted by its trigger on top of it.
  for (const name of ORDER_COUNT_TRIGGERS) if (present.has(name)) await dataSource.query(`DROP TRIGGER ${q(name)}`);
  for (const statement of sqlite ? SQLITE_TRIGGERS : MYSQL_TRIGGERS) await dataSource.query(statement);
  await dataSource.transaction(async (manager) => {
    await manager.query(`DELETE FROM ${q('order_counts')}`);
    await manager.query(
      `INSERT INTO ${q('order_counts')} (${q('status')}, ${q('orders_count')}, ${q('lines_count')})
       SELECT ${q('o')}.${q('status')}, COUNT(*),
         COALESCE(SUM((SELECT COUNT(*) FROM ${q('order_items')} ${q('i')} WHERE ${q('i')}.${q('order_id')} = ${q('o')}.${q('id')})), 0)
       FROM ${q('orders')} ${q('o')} GROUP BY ${q('o')}.${q('status')}`,
    );
  });
  new Logger('OrderCounts').log('Order count triggers created; orders counted per status');
  return true;
}
