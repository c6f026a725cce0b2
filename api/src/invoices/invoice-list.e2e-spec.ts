import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../test/backoffice/fixtures.js';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import type { InvoiceListAnswer, InvoiceView } from '../contract/invoices.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
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
