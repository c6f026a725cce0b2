import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import type { Product } from '../catalogue/entities/product.entity.js';
import { quoteIdentifier } from '../core/database/triggers.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { Order } from '../orders/entities/order.entity.js';
import { HousekeepingService } from './housekeeping.service.js';
import { ORDER_FIGURE_COLUMNS, orderFigureDifferences, type OrderFigureDifference } from './order-figures-check.js';
import { LOGGED_ORDERS } from './order-figures-watch.js';

const FIELDS = {
  payment_by: 'Visa',
  payment_term: '30 jours',
  delivery_method: 'Route',
  delivery_address: 'Zone industrielle, Lomé',
  credit_level: 'Client référencé',
  company_phone: '+228 90 44 55 66',
  representative_name: 'Kodjo Mensah',
  representative_phone: '+228 91 22 33 44',
};

type Stored = Record<(typeof ORDER_FIGURE_COLUMNS)[number], string | null>;

/**
 * The order list's figures stored on each order (invoiced amounts, lines, totals, quote version), which
 * its sorts read, checked hourly against their sources: an order corrupted behind the application's
 * back (raw SQL here) is reported column by column, repaired, logged for the operator and counted in
 * the metric; a database the application wrote reports nothing.
 */
describe(`order figures check (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  let pump: Product;
  let helmet: Product;
  let invoiced: number;
  let quoted: number;

  const place = async (name: string, items: [Product, number][]) => {
    await request(t.http)
      .post('/api/order/create')
      .send({
        ...FIELDS,
        company_name: `Société ${name}`,
        company_email: `${name}@exemple.tg`,
        representative_email: `achats.${name}@exemple.tg`,
        currency: 'Fcfa',
        order_items: items.map(([product, quantity]) => ({ product_id: product.id, quantity })),
      })
      .expect(201);
    return (await t.dataSource.getRepository(Order).findOneByOrFail({ company_email: `${name}@exemple.tg` })).id;
  };

  const q = (name: string) => quoteIdentifier(t.dataSource)(name);
  /** The stored figures of an order as text, read with SQL (bigint: text on MariaDB, a number on SQLite). */
  async function stored(id: number): Promise<Stored> {
    const [row] = (await t.dataSource.query(
      `SELECT ${ORDER_FIGURE_COLUMNS.map(q).join(', ')} FROM ${q('orders')} WHERE ${q('id')} = ?`,
      [id],
    )) as Record<string, unknown>[];
    return Object.fromEntries(ORDER_FIGURE_COLUMNS.map((c) => [c, row![c] === null ? null : String(row![c])])) as Stored;
  }
  const corrupt = (id: number, values: Partial<Record<keyof Stored, string | number | null>>) =>
    t.dataSource.query(
      `UPDATE ${q('orders')} SET ${Object.keys(values)
        .map((c) => `${q(c)} = ?`)
        .join(', ')} WHERE ${q('id')} = ?`,
      [...Object.values(values), id],
    );
  const metric = async () => {
    const text = await t.app.get(MetricsService).registry.metrics();
    return Number(/^comptoir_order_figures_differences\{[^}]*\} (-?\d+)$/m.exec(text)?.[1]);
  };
  const warnings = () => {
    const spy = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    return () => spy.mock.calls.map((call) => String(call[0]));
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    staff = await signIn(t, { orders: 'all', invoices: 'all' });
    const ds = t.dataSource;
    const [category, brand, xof] = [await makeCategory(ds, 'Contrôle'), await makeBrand(ds), await ensureCurrency(ds, 'Fcfa')];
    pump = await makeProduct(ds, { name: 'Pompe immergée', price: '450000.00', stock: 500, category, brand, currency: xof });
    helmet = await makeProduct(ds, { name: 'Casque de chantier', price: '7500.00', stock: 500, category, brand, currency: xof });
    // An order placed, confirmed and invoiced; another only quoted (version 1, no invoice).
    invoiced = await place('facturee', [
      [pump, 2],
      [helmet, 3],
    ]);
    await t.dataSource.getRepository(Order).update({ id: invoiced }, { status: 'inprogress' });
    await staff.post(`/api/order/${invoiced}/invoices`).send({}).expect(201);
    quoted = await place('devis', [[helmet, 4]]);
  }, 120_000);
  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds nothing to repair in orders the application wrote, and the metric reads 0 once housekeeping ran', async () => {
    expect(await stored(invoiced)).toEqual({
      billed_currency: 'XOF',
      invoiced_minor: '1088550',
      balance_minor: '1088550',
      lines_count: '2',
      totals_currency: 'XOF',
      totals_minor: '922500',
      quote_version: '1',
    });
    expect(await stored(quoted)).toMatchObject({
      billed_currency: null,
      lines_count: '1',
      totals_minor: '30000',
      quote_version: '1',
    });
    expect(await orderFigureDifferences(t.dataSource)).toEqual([]);
    expect(await metric()).toBe(-1);
    const logged = warnings();
    await t.app.get(HousekeepingService).run();
    expect(await metric()).toBe(0);
    expect(logged().filter((line) => line.includes('Order figures'))).toEqual([]);
  });

  it('reports exactly the corrupted columns of each order, repairs them and counts them in the metric', async () => {
    const before = { [invoiced]: await stored(invoiced), [quoted]: await stored(quoted) };
    await corrupt(invoiced, { billed_currency: 'USD', invoiced_minor: 1, balance_minor: 0, lines_count: 9 });
    await corrupt(quoted, { billed_currency: 'EUR', totals_currency: 'USD', totals_minor: 12345, quote_version: null });
    const expected: OrderFigureDifference[] = [
      { order_id: invoiced, column: 'billed_currency', stored: 'USD', expected: 'XOF' },
      { order_id: invoiced, column: 'invoiced_minor', stored: '1', expected: '1088550' },
      { order_id: invoiced, column: 'balance_minor', stored: '0', expected: '1088550' },
      { order_id: invoiced, column: 'lines_count', stored: '9', expected: '2' },
      { order_id: quoted, column: 'billed_currency', stored: 'EUR', expected: null },
      { order_id: quoted, column: 'totals_currency', stored: 'USD', expected: 'XOF' },
      { order_id: quoted, column: 'totals_minor', stored: '12345', expected: '30000' },
      { order_id: quoted, column: 'quote_version', stored: null, expected: '1' },
    ].sort((a, b) => a.order_id - b.order_id) as OrderFigureDifference[];
    expect(await orderFigureDifferences(t.dataSource)).toEqual(expected);
    // Read in batches of one order: the same answer.
    expect(await orderFigureDifferences(t.dataSource, 1)).toEqual(expected);

    const logged = warnings();
    await t.app.get(HousekeepingService).run();
    expect(await metric()).toBe(8);
    const lines = logged().filter((line) => line.startsWith('Order figures repaired: order'));
    expect(lines).toContain(
      `Order figures repaired: order ${invoiced}: billed_currency stored USD, expected XOF; invoiced_minor stored 1, expected 1088550; balance_minor stored 0, expected 1088550; lines_count stored 9, expected 2`,
    );
    expect(lines).toContain(
      `Order figures repaired: order ${quoted}: billed_currency stored EUR, expected NULL; totals_currency stored USD, expected XOF; totals_minor stored 12345, expected 30000; quote_version stored NULL, expected 1`,
    );
    expect(lines).toHaveLength(2);

    expect({ [invoiced]: await stored(invoiced), [quoted]: await stored(quoted) }).toEqual(before);
    expect(await orderFigureDifferences(t.dataSource)).toEqual([]);
    await t.app.get(HousekeepingService).run();
    expect(await metric()).toBe(0);
  });

  it(`names at most ${LOGGED_ORDERS} orders in the log and counts the others`, async () => {
    const extra: number[] = [];
    for (let i = 0; extra.length < LOGGED_ORDERS; i++) extra.push(await place(`lot${i}`, [[helmet, 1]]));
    const all = [invoiced, quoted, ...extra];
    for (const id of all) await corrupt(id, { lines_count: 0 });
    const logged = warnings();
    await t.app.get(HousekeepingService).run();
    const lines = logged().filter((line) => line.startsWith('Order figures repaired'));
    expect(lines).toHaveLength(LOGGED_ORDERS + 1);
    expect(lines.at(-1)).toBe(`Order figures repaired: 2 more orders not listed (${all.length} figures in all)`);
    expect(await metric()).toBe(all.length);
    expect(await orderFigureDifferences(t.dataSource)).toEqual([]);
  }, 120_000);
});
