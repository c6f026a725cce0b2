import type { QueryRunner } from 'typeorm';

/**
 * Data part of the QuoteVersionsAndClientLinks migration, the same on both drivers: every existing
 * order gets its version 1 (sent when the request was made, its lines copied from the order's, TVA at
 * the default 18 %), `orders.quote_state` the version's state, and every role that administers the
 * accounts gets the new document categories (the others get nothing: deny by default). Touches only
 * orders without a version yet, so the demo seed runs it too for the orders it writes.
 */
export async function backfillQuotes(queryRunner: QueryRunner, driver: 'sqlite' | 'mysql'): Promise<void> {
  const q = driver === 'mysql' ? (name: string) => `\`${name}\`` : (name: string) => `"${name}"`;
  const concat = (a: string, b: string) => (driver === 'mysql' ? `CONCAT(${a}, ${b})` : `${a} || ${b}`);
  const validUntil =
    driver === 'mysql' ? "DATE_FORMAT(DATE_ADD(o.created_at, INTERVAL 30 DAY), '%Y-%m-%d')" : "date(o.created_at, '+30 days')";
  const code = (column: string) => `CASE ${column} WHEN 'Dollar' THEN 'USD' WHEN 'Euro' THEN 'EUR' ELSE 'XOF' END`;
  await queryRunner.query(
    `INSERT INTO quote_versions (order_id, ${q('number')}, quote_number, state, discount_bp, delivery_fee, delivery_fee_currency,
       valid_until, payment_terms, sent_at, ${q('version')}, created_at, updated_at)
     SELECT o.id, 1, ${concat("'DEV-'", 'SUBSTR(o.order_num, 5)')},
       CASE o.status WHEN 'pending' THEN 'sent' WHEN 'canceled' THEN
         CASE WHEN o.cancel_reason = 'expired' THEN 'expired' ELSE 'declined' END ELSE 'accepted' END,
       0, 0, ${code('o.currency')}, ${validUntil}, o.payment_term, o.created_at, 1, o.created_at, o.created_at
     FROM orders o WHERE NOT EXISTS (SELECT 1 FROM quote_versions x WHERE x.order_id = o.id)`,
  );
  await queryRunner.query(
    `INSERT INTO quote_version_lines (quote_version_id, ${q('position')}, product_id, product_name, product_reference, quantity,
       unit_price, currency_code, discount_bp, tax_rate_bp)
     SELECT v.id, i.id, i.product_id, i.product_name, i.product_reference, i.quantity, i.price,
       COALESCE(i.currency_code, ${code('o.currency')}), 0, 1800
     FROM order_items i JOIN orders o ON o.id = i.order_id JOIN quote_versions v ON v.order_id = o.id AND v.${q('number')} = 1
     WHERE NOT EXISTS (SELECT 1 FROM quote_version_lines x WHERE x.quote_version_id = v.id)`,
  );
  await queryRunner.query(
    `UPDATE orders SET quote_state = (SELECT v.state FROM quote_versions v WHERE v.order_id = orders.id AND v.${q('number')} = 1)
     WHERE quote_state IS NULL`,
  );
  for (const category of ['quotes', 'deliveries', 'invoices', 'payments']) {
    await queryRunner.query(
      `INSERT INTO role_permissions (role_id, category, can_view, can_create, can_edit, can_delete)
       SELECT p.role_id, ?, 1, 1, 1, 1 FROM role_permissions p
       WHERE p.category = 'admin' AND p.can_view = 1 AND p.can_create = 1 AND p.can_edit = 1
         AND NOT EXISTS (SELECT 1 FROM role_permissions x WHERE x.role_id = p.role_id AND x.category = ?)`,
      [category, category],
    );
  }
}
