import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { signIn, signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { insertOrderRows, orderRow } from '../../test/support/order-rows.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import type { Product } from '../catalogue/entities/product.entity.js';
import { toMinor } from '../common/money.js';
import { ANCHOR_STEP } from '../common/page-anchors.js';
import type { OrderSummaryListAnswer, StaffOrderSummary } from '../contract/backoffice.js';
import { Order } from './entities/order.entity.js';

type Key = 'lines_count' | 'totals' | 'quote';

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

/**
 * The order list's « Lignes », « Totaux par devise » and « Devis » sort in SQL on columns of the order
 * written with its lines and quote versions: the order a person expects from what the rows show (the
 * number of lines; the first total by currency code, then its amount; the latest version's number),
 * ties by the order's id in the same direction, on the orders page and on a client's page alike.
 */
describe(`order list sorted by lines, totals per currency and quote (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  let fcfa: Product;
  let fcfaCheap: Product;
  let euro: Product;
  let dollar: Product;

  const place = async (email: string, currency: string, items: [Product, number][]) =>
    (
      await request(t.http)
        .post('/api/order/create')
        .send({
          ...FIELDS,
          company_name: `Société ${email}`,
          company_email: `${email}@exemple.tg`,
          representative_email: `achats.${email}@exemple.tg`,
          currency,
          order_items: items.map(([product, quantity]) => ({ product_id: product.id, quantity })),
        })
        .expect(201)
    ).body as unknown;

  const list = async (query: string) => (await staff.get(`/api/order/list?${query}`).expect(200)).body as OrderSummaryListAnswer;
  const ids = async (query: string) => (await list(query)).orders.data.map((o) => o.id);

  /** The key a person reads in the row (null: before every other in ascending order). */
  function shown(row: StaffOrderSummary, key: Key): [string, bigint] | [bigint] | null {
    if (key === 'lines_count') return [BigInt(row.lines_count)];
    if (key === 'quote') return row.quote ? [BigInt(row.quote.version)] : null;
    const first = [...row.money.totals].sort((a, b) => (a.currency_code < b.currency_code ? -1 : 1))[0];
    return first ? [first.currency_code, toMinor(first.amount, first.currency_code)] : null;
  }

  function expectedOrder(rows: StaffOrderSummary[], key: Key, direction: 'asc' | 'desc'): number[] {
    const sign = direction === 'asc' ? 1 : -1;
    return [...rows]
      .sort((a, b) => {
        const x = shown(a, key);
        const y = shown(b, key);
        if (!x || !y) return x === y ? sign * (a.id - b.id) : sign * (x ? 1 : -1);
        for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return sign * (x[k]! < y[k]! ? -1 : 1);
        return sign * (a.id - b.id);
      })
      .map((row) => row.id);
  }

  async function expectSorted(key: Key, filter = '') {
    const rows = (await list(`per_page=100${filter}`)).orders.data;
    for (const direction of ['asc', 'desc'] as const) {
      const expected = expectedOrder(rows, key, direction);
      expect(await ids(`sort=${key}&direction=${direction}&per_page=100${filter}`)).toEqual(expected);
      // Page 2 of 3 rows: the same order, paged in SQL.
      expect(await ids(`sort=${key}&direction=${direction}&per_page=3&page=2${filter}`)).toEqual(expected.slice(3, 6));
    }
    return rows;
  }

  /** The stored columns equal what each row shows. */
  async function expectStoredAsShown() {
    const rows = (await list('per_page=100')).orders.data;
    const stored = new Map((await t.dataSource.getRepository(Order).find()).map((o) => [o.id, o]));
    for (const row of rows) {
      const order = stored.get(row.id)!;
      const total = shown(row, 'totals') as [string, bigint];
      expect([row.id, order.lines_count, order.quote_version, order.totals_currency, String(order.totals_minor)]).toEqual([
        row.id,
        row.lines_count,
        row.quote?.version ?? null,
        total[0],
        String(total[1]),
      ]);
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    staff = await signIn(t, { orders: 'all', quotes: 'all' });
    const ds = t.dataSource;
    const [category, brand] = [await makeCategory(ds, 'Tris'), await makeBrand(ds)];
    const [xof, eur, usd] = [
      await ensureCurrency(ds, 'Fcfa'),
      await ensureCurrency(ds, 'Euro'),
      await ensureCurrency(ds, 'Dollar'),
    ];
    fcfa = await makeProduct(ds, { name: 'Groupe électrogène', price: '1250000.00', stock: 500, category, brand, currency: xof });
    fcfaCheap = await makeProduct(ds, {
      name: 'Casque de chantier',
      price: '3500.00',
      stock: 500,
      category,
      brand,
      currency: xof,
    });
    euro = await makeProduct(ds, { name: 'Pompe immergée', price: '899.90', stock: 500, category, brand, currency: eur });
    dollar = await makeProduct(ds, { name: 'Perceuse à colonne', price: '120.25', stock: 500, category, brand, currency: usd });
    // Line counts 1, 2, 3 with ties; totals in one or several currencies (EUR first by code, then USD,
    // then XOF), equal amounts in XOF twice; two orders from one client (its page sorts them too).
    await place('alpha', 'Fcfa', [[fcfaCheap, 2]]);
    await place('beta', 'Fcfa', [
      [fcfa, 1],
      [euro, 1],
    ]);
    await place('alpha', 'Euro', [
      [dollar, 3],
      [fcfaCheap, 1],
      [fcfa, 1],
    ]);
    await place('gamma', 'Dollar', [[dollar, 1]]);
    await place('delta', 'Fcfa', [[fcfaCheap, 2]]);
    await place('epsilon', 'Euro', [
      [euro, 2],
      [dollar, 1],
    ]);
    await place('zeta', 'Fcfa', [[fcfa, 2]]);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sorts by « Lignes » and « Totaux par devise » as the rows read, ties by the order id', async () => {
    const rows = await expectSorted('lines_count');
    expect(rows.map((r) => r.lines_count).sort()).toEqual([1, 1, 1, 1, 2, 2, 3]);
    // Ascending: the one-line orders first, in id order; the three-line order last.
    const ascending = await ids('sort=lines_count&direction=asc&per_page=100');
    const oneLine = rows.filter((r) => r.lines_count === 1).map((r) => r.id);
    expect(ascending.slice(0, 4)).toEqual([...oneLine].sort((a, b) => a - b));
    expect(rows.find((r) => r.id === ascending.at(-1))!.lines_count).toBe(3);

    await expectSorted('totals');
    const byTotals = (await list('sort=totals&direction=asc&per_page=100')).orders.data;
    // EUR orders first, then USD, then XOF; two equal XOF totals (alpha's and delta's) by id.
    expect(byTotals.map((r) => (shown(r, 'totals') as [string, bigint])[0])).toEqual([
      'EUR',
      'EUR',
      'USD',
      'USD',
      'XOF',
      'XOF',
      'XOF',
    ]);
    const xof = byTotals.slice(4).map((r) => (shown(r, 'totals') as [string, bigint])[1]);
    expect(xof).toEqual([7000n, 7000n, 2500000n]);
    expect(byTotals[4]!.id).toBeLessThan(byTotals[5]!.id);
    await expectStoredAsShown();

    // The OpenAPI document lists the new sort values.
    const docs = (await request(t.http).get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }>;
    };
    const sort = docs.paths['/api/order/list']!.get.parameters.find((p) => p.name === 'sort')!;
    expect(sort.schema.enum).toEqual(expect.arrayContaining(['lines_count', 'totals', 'quote']));
  });

  it('sorts by « Devis » on the latest version, moving an order when a revision makes version 2', async () => {
    // Version 1 everywhere: all ties, in id order either way.
    const rows = await expectSorted('quote');
    expect(rows.every((r) => r.quote?.version === 1)).toBe(true);
    const byId = rows.map((r) => r.id).sort((a, b) => a - b);
    expect(await ids('sort=quote&direction=asc&per_page=100')).toEqual(byId);

    // The first order revised: version 2 (a draft), last in ascending order, first in descending order.
    const revised = byId[0]!;
    await staff.post(`/api/order/${revised}/quote/revise`).expect(201);
    const after = await expectSorted('quote');
    expect(after.find((r) => r.id === revised)!.quote).toEqual({ version: 2, state: 'draft' });
    expect((await ids('sort=quote&direction=asc&per_page=100')).at(-1)).toBe(revised);
    expect((await ids('sort=quote&direction=desc&per_page=100'))[0]).toBe(revised);
    await expectStoredAsShown();
  });

  it('sorts a client’s orders (its page), a status chip, a currency and a date range the same way', async () => {
    const mine = (await list('per_page=100')).orders.data.filter((r) => r.company_email === 'alpha@exemple.tg');
    expect(mine).toHaveLength(2);
    const customer = mine[0]!.customer_id!;
    for (const key of ['lines_count', 'totals', 'quote'] as const) {
      await expectSorted(key, `&customer_id=${customer}`);
      await expectSorted(key, '&status=pending');
      // A date range (MariaDB is then held to the indexes that start from the dates).
      await expectSorted(key, `&from=2000-01-01&to=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`);
      await expectSorted(key, `&currency=Fcfa&from=2000-01-01`);
    }
    expect((await list('from=2000-01-01&sort=lines_count')).orders.data).toHaveLength(7);
    // « Lignes » ascending on the client's page: the one-line order, then the three-line one.
    const clientAsc = (await list(`customer_id=${customer}&sort=lines_count&direction=asc`)).orders.data;
    expect(clientAsc.map((r) => r.lines_count)).toEqual([1, 3]);
  });
});

/**
 * « Totaux par devise », « Facturé » and « Solde » sort on two columns of the order (a currency, then an
 * amount), ties by the order's id: a deep page (past the list's first anchor, see common/page-anchors.ts)
 * must show exactly the orders the plain ORDER BY … LIMIT/OFFSET shows, in both directions, through runs
 * of one currency, equal amounts, zero and negative amounts, and orders without a currency or an amount.
 */
describe(`deep pages of the order list sorted on a currency and an amount (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  // Long enough for runs of equal keys longer than a page around the anchors, and ten anchors.
  const ORDERS = 10 * ANCHOR_STEP + 50;
  const PER_PAGE = 100;
  const CURRENCIES = [null, 'EUR', 'USD', 'XOF', 'XOF', 'XOF'];
  const AMOUNTS = [null, '0', '0', '-2500', '7000', '7000', '125000', '900000000000'];
  const COLUMNS = {
    totals: ['totals_currency', 'totals_minor'],
    invoiced: ['billed_currency', 'invoiced_minor'],
    balance: ['billed_currency', 'balance_minor'],
  } as const;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signInAsAdmin(t);
    const base = Date.UTC(2026, 0, 1);
    // Few currencies (long runs of one), few amounts (ties on both columns), NULLs in either column.
    const orders = Array.from({ length: ORDERS }, (_, i) =>
      orderRow('DEV', i, {
        status: i % 3 === 2 ? 'shipped' : 'pending',
        totals_currency: CURRENCIES[(i * 7) % CURRENCIES.length],
        totals_minor: AMOUNTS[(i * 5) % AMOUNTS.length],
        billed_currency: CURRENCIES[(i * 11) % CURRENCIES.length],
        invoiced_minor: AMOUNTS[(i * 3) % AMOUNTS.length],
        balance_minor: AMOUNTS[(i * 13) % AMOUNTS.length],
        created_at: new Date(base - i * 60_000),
        updated_at: new Date(base),
      }),
    );
    await insertOrderRows(t.dataSource, orders);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  /** The plain ORDER BY … LIMIT/OFFSET page, read by the database itself. */
  async function offsetPage(sort: keyof typeof COLUMNS, direction: 'asc' | 'desc', number: number, status?: string) {
    const dir = direction === 'asc' ? 'ASC' : 'DESC';
    const qb = t.dataSource
      .getRepository(Order)
      .createQueryBuilder('o')
      .select('o.id', 'id')
      .orderBy(`o.${COLUMNS[sort][0]}`, dir)
      .addOrderBy(`o.${COLUMNS[sort][1]}`, dir)
      .addOrderBy('o.id', dir)
      .offset((number - 1) * PER_PAGE)
      .limit(PER_PAGE);
    if (status) qb.where('o.status = :status', { status });
    return (await qb.getRawMany<{ id: number | string }>()).map((row) => Number(row.id));
  }

  async function listPage(sort: string, direction: string, number: number, status?: string, currency?: string) {
    const query = {
      sort,
      direction,
      per_page: String(PER_PAGE),
      page: String(number),
      ...(status ? { status } : {}),
      ...(currency ? { currency } : {}),
    };
    return ((await staff.get('/api/order/list').query(query).expect(200)).body as OrderSummaryListAnswer).orders;
  }

  it('shows at every page number past the first anchor the orders an OFFSET shows, both ways', async () => {
    for (const sort of ['totals', 'invoiced', 'balance'] as const)
      for (const direction of ['asc', 'desc'] as const) {
        // From before the first anchor, across it, between anchors, to the last, short one.
        for (let number = Math.floor(ANCHOR_STEP / PER_PAGE); number <= Math.ceil(ORDERS / PER_PAGE); number++) {
          const page = await listPage(sort, direction, number);
          expect(page.total).toBe(ORDERS);
          expect([sort, direction, number, page.data.map((row) => row.id)]).toEqual([
            sort,
            direction,
            number,
            await offsetPage(sort, direction, number),
          ]);
        }
      }
  });

  it('pages a status the same way, and the anchors stand inside runs of equal keys', async () => {
    const shipped = Math.floor(ORDERS / 3);
    const pending = ORDERS - shipped;
    for (const direction of ['asc', 'desc'] as const)
      for (let number = Math.floor(ANCHOR_STEP / PER_PAGE); number <= Math.ceil(pending / PER_PAGE); number++) {
        const page = await listPage('totals', direction, number, 'pending');
        expect(page.data.map((row) => row.id)).toEqual(await offsetPage('totals', direction, number, 'pending'));
      }
    // The rows around the first anchors share their currency and amount with their neighbours: the
    // anchors' positions fall inside ties on both columns, where only the id places a row.
    const around = await t.dataSource.query(
      `SELECT COUNT(*) AS n FROM orders GROUP BY totals_currency, totals_minor HAVING COUNT(*) > ${PER_PAGE}`,
    );
    expect((around as unknown[]).length).toBeGreaterThan(3);
  });

  it('answers deep pages asked at once, before any anchor of their list is known, as an OFFSET does', async () => {
    // A list not read before (the currency filter keeps every order): the first requests read its
    // anchors, the others wait for that reading and start from what it keeps.
    const last = Math.ceil(ORDERS / PER_PAGE);
    const numbers = Array.from({ length: last - 10 }, (_, k) => last - k);
    const pages = await Promise.all(numbers.map((number) => listPage('balance', 'desc', number, undefined, 'Fcfa')));
    for (const [k, number] of numbers.entries())
      expect([number, pages[k]!.data.map((row) => row.id)]).toEqual([number, await offsetPage('balance', 'desc', number)]);
  });
});
