import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../test/backoffice/fixtures.js';
import { signIn, signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { insertOrderRows, orderRow } from '../../test/support/order-rows.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { ANCHOR_STEP } from '../common/page-anchors.js';
import type { InvoiceListAnswer, InvoiceView } from '../contract/invoices.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { Invoice } from './entities/invoice.entity.js';

/** GET /api/invoices as a data-table list: server sorts, facets, pages, and saved views of it. */
describe(`invoices list: sorting, filters and pages (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  const made: Record<string, InvoiceView> = {};

  /** An invoice of one line for `company`, in `currency`, issued on `day`, due on `due`. */
  async function invoiceFor(company: string, price: string, currency: string, day: string, due: string) {
    const refs = await fx.refs(t);
    const product = await fx.product(t, refs, { stock: 50, price });
    const order = await fx.order(t, [{ product, quantity: 1 }], { status: 'inprogress', company_name: company });
    await t.dataSource.getRepository(OrderItem).update({ order_id: order.id }, { currency_code: currency, tax_rate_bp: 0 });
    const answer = await staff.post(`/api/order/${order.id}/invoices`).send({}).expect(201);
    const invoice = answer.body.invoice as InvoiceView;
    await t.dataSource
      .getRepository(Invoice)
      .update({ id: invoice.id }, { issued_at: new Date(`${day}T10:00:00Z`), due_date: due });
    return invoice;
  }

  const list = async (query: string) => (await staff.get(`/api/invoices?${query}`).expect(200)).body as InvoiceListAnswer;
  const companies = async (query: string) => (await list(query)).invoices.map((i) => i.company_name);

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signIn(t, { orders: 'all', invoices: 'all', payments: 'all' });
    // Issued in this order, so the numbers go Bravo < Alpha < Charlie < Delta.
    made.bravo = await invoiceFor('Bravo SARL', '3000', 'XOF', '2026-03-10', '2099-01-01');
    made.alpha = await invoiceFor('Alpha & Cie', '1000', 'XOF', '2026-05-02', '2099-03-01');
    made.charlie = await invoiceFor('Charlie Import', '2000', 'XOF', '2026-01-20', '2026-02-19');
    made.delta = await invoiceFor('Delta Export', '15.50', 'EUR', '2026-04-15', '2099-02-01');
    // Alpha pays 600 of 1000: partly paid, balance 400, the smallest XOF balance.
    await staff.post(`/api/invoices/${made.alpha.id}/payments`).send({ amount: 600, method: 'especes' }).expect(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sorts on the server by every column the table offers, both ways', async () => {
    expect(await companies('')).toEqual(['Alpha & Cie', 'Delta Export', 'Bravo SARL', 'Charlie Import']);
    expect(await companies('sort=number&direction=asc')).toEqual(['Bravo SARL', 'Alpha & Cie', 'Charlie Import', 'Delta Export']);
    expect(await companies('sort=issued_at&direction=asc')).toEqual([
      'Charlie Import',
      'Bravo SARL',
      'Delta Export',
      'Alpha & Cie',
    ]);
    expect(await companies('sort=company_name&direction=desc')).toEqual([
      'Delta Export',
      'Charlie Import',
      'Bravo SARL',
      'Alpha & Cie',
    ]);
    expect(await companies('sort=due_date')).toEqual(['Charlie Import', 'Bravo SARL', 'Delta Export', 'Alpha & Cie']);
    // EUR before XOF, then the amount.
    expect(await companies('sort=ttc&direction=asc')).toEqual(['Delta Export', 'Alpha & Cie', 'Charlie Import', 'Bravo SARL']);
    expect(await companies('sort=balance&direction=desc')).toEqual([
      'Bravo SARL',
      'Charlie Import',
      'Alpha & Cie',
      'Delta Export',
    ]);
    // The state shown: issued < overdue < partly_paid.
    const byState = (await list('sort=state&direction=asc')).invoices.map((i) => i.state);
    expect(byState).toEqual(['issued', 'issued', 'overdue', 'partly_paid']);
  });

  it('keeps on each issued invoice the company name of its order', async () => {
    const stored = await t.dataSource
      .getRepository(Invoice)
      .createQueryBuilder('invoice')
      .addSelect('invoice.company_name')
      .orderBy('invoice.id')
      .getMany();
    const orders = await t.dataSource.getRepository(Order).findBy({});
    const names = new Map(orders.map((o) => [o.id, o.company_name]));
    expect(stored.map((i) => [i.company_name, names.get(i.order_id)])).toEqual([
      ['Bravo SARL', 'Bravo SARL'],
      ['Alpha & Cie', 'Alpha & Cie'],
      ['Charlie Import', 'Charlie Import'],
      ['Delta Export', 'Delta Export'],
    ]);
  });

  it('filters by state, currency, period, client and search, and pages', async () => {
    expect(await companies('state=overdue')).toEqual(['Charlie Import']);
    expect(await companies('state=partly_paid')).toEqual(['Alpha & Cie']);
    expect(await companies('state=issued&sort=company_name')).toEqual(['Bravo SARL', 'Delta Export']);
    expect(await companies('currency=EUR')).toEqual(['Delta Export']);
    expect(await companies('from=2026-03-10&to=2026-04-15&sort=issued_at')).toEqual(['Bravo SARL', 'Delta Export']);
    expect(await companies('client=charlie')).toEqual(['Charlie Import']);
    expect(await companies(`search=${encodeURIComponent(made.delta.number)}`)).toEqual(['Delta Export']);

    const second = await list('sort=company_name&per_page=3&page=2');
    expect(second.invoices.map((i) => i.company_name)).toEqual(['Delta Export']);
    expect(second.page).toMatchObject({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
    const amounts = await list('sort=ttc&per_page=2&page=2');
    expect(amounts.invoices.map((i) => i.company_name)).toEqual(['Charlie Import', 'Bravo SARL']);
    expect(amounts.page.total).toBe(4);
  });

  it('answers 422 in French for an unknown sort or facet value', async () => {
    const sort = await staff.get('/api/invoices?sort=montant').expect(422);
    expect(sort.body.errors.sort[0]).toContain('ttc, balance');
    const currency = await staff.get('/api/invoices?currency=GBP').expect(422);
    expect(currency.body.errors.currency[0]).toBe('La devise doit être XOF, EUR ou USD.');
    await staff.get('/api/invoices?from=2026-02-30').expect(422);
    await staff.get('/api/invoices?direction=up').expect(422);
  });

  it('keeps saved views of the invoices list', async () => {
    const query = { sort: 'balance', dir: 'desc', state: 'overdue', currency: 'XOF' };
    await staff.post('/api/saved-views').send({ list: 'invoices', name: 'Retards FCFA', query }).expect(201);
    const views = (await staff.get('/api/saved-views?list=invoices').expect(200)).body.views as { name: string; query: object }[];
    expect(views).toEqual([expect.objectContaining({ name: 'Retards FCFA', query })]);
  });
});

/**
 * « Client » sorts the invoices on the company name each keeps from its order, ties by id, read from
 * IDX_invoices_company: a deep page (past the list's first anchor, see common/page-anchors.ts) must
 * show exactly the invoices the plain ORDER BY the order's name … LIMIT/OFFSET shows, in both
 * directions, through long runs of one name and names equal but for case or accents (one name to
 * MariaDB's collation, several to SQLite's).
 */
describe(`deep pages of the invoices list sorted by client (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  const INVOICES = 2 * ANCHOR_STEP + 550;
  const PER_PAGE = 100;
  const NAMES = ['Alpha & Cie', 'alpha & cie', 'Ålpha Services', 'Bravo SARL', 'Société Générale', 'SOCIETE GENERALE', 'Zoulou'];

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signInAsAdmin(t);
    await insertOrderRows(
      t.dataSource,
      Array.from({ length: INVOICES }, (_, i) => orderRow('FACT', i, { status: 'inprogress', company_name: NAMES[(i * 5) % 7] })),
    );
    const orders = await t.dataSource.getRepository(Order).find({ order: { id: 'ASC' } });
    // Invoiced in another order than the orders were placed: the invoices' ids do not follow the orders'.
    const invoices = orders.map((_, k) => {
      const order = orders[(k * 7919) % orders.length]!;
      return {
        order_id: order.id,
        company_name: order.company_name,
        number: `FAC-1999-${String(k + 1).padStart(6, '0')}`,
        state: 'issued' as const,
        issued_at: new Date(Date.UTC(2026, 0, 1) - k * 60_000),
        due_date: '2099-01-01',
      };
    });
    for (let i = 0; i < invoices.length; i += 200)
      await t.dataSource
        .createQueryBuilder()
        .insert()
        .into(Invoice)
        .values(invoices.slice(i, i + 200))
        .execute();
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  /** The plain ORDER BY … LIMIT/OFFSET page on the order's company name, read by the database itself. */
  async function offsetPage(direction: 'asc' | 'desc', number: number, client?: string) {
    const dir = direction === 'asc' ? 'ASC' : 'DESC';
    const qb = t.dataSource
      .getRepository(Invoice)
      .createQueryBuilder('invoice')
      .innerJoin(Order, 'o', 'o.id = invoice.order_id')
      .select('invoice.id', 'id')
      .orderBy('o.company_name', dir)
      .addOrderBy('invoice.id', dir)
      .offset((number - 1) * PER_PAGE)
      .limit(PER_PAGE);
    if (client)
      qb.where('(LOWER(o.company_name) LIKE :client OR LOWER(o.company_email) LIKE :client)', { client: `%${client}%` });
    return (await qb.getRawMany<{ id: number | string }>()).map((row) => Number(row.id));
  }

  async function listPage(direction: 'asc' | 'desc', number: number, client?: string) {
    const query = {
      sort: 'company_name',
      direction,
      per_page: String(PER_PAGE),
      page: String(number),
      ...(client ? { client } : {}),
    };
    return ((await staff.get('/api/invoices').query(query).expect(200)).body as InvoiceListAnswer).page;
  }

  it('shows at every page number past the first anchor the invoices an OFFSET shows, both ways', async () => {
    for (const direction of ['asc', 'desc'] as const)
      // From before the first anchor, across it, between anchors, to the last, short one.
      for (let number = Math.floor(ANCHOR_STEP / PER_PAGE); number <= Math.ceil(INVOICES / PER_PAGE); number++) {
        const page = await listPage(direction, number);
        expect(page.total).toBe(INVOICES);
        expect([direction, number, page.data.map((row) => row.id)]).toEqual([
          direction,
          number,
          await offsetPage(direction, number),
        ]);
      }
  });

  it('pages a client filter the same way', async () => {
    // « r »: Bravo, Société Générale in both spellings and Ålpha Services, more than one anchor's worth.
    const total = (await listPage('asc', 1, 'r')).total;
    expect(total).toBeGreaterThan(ANCHOR_STEP + 2 * PER_PAGE);
    for (const direction of ['asc', 'desc'] as const)
      for (let number = Math.floor(ANCHOR_STEP / PER_PAGE); number <= Math.ceil(total / PER_PAGE); number++) {
        const page = await listPage(direction, number, 'r');
        expect([direction, number, page.data.map((row) => row.id)]).toEqual([
          direction,
          number,
          await offsetPage(direction, number, 'r'),
        ]);
      }
  });
});
