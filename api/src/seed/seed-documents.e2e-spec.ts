import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { SeedService } from './seed.service.js';

// A fresh install converts USD carts, and its first real request follows the demo's numbers.
describe(`demo data: dollar rate and order numbers (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const state = async () => {
    const orders: { order_num: string }[] = await t.dataSource.query('SELECT order_num FROM orders');
    const sequences: { year: number; last: number }[] = await t.dataSource.query(
      "SELECT year, last FROM document_sequences WHERE kind = 'order' ORDER BY year",
    );
    const rates: { currency_code: string; rate: string }[] = await t.dataSource.query(
      'SELECT currency_code, rate FROM exchange_rates',
    );
    return { orders, sequences, rates };
  };

  it('has a USD rate and a sequence that ends at the last demo number of each year, the same after a reload', async () => {
    const first = await state();
    expect(first.rates).toEqual([{ currency_code: 'USD', rate: '605.5' }]);
    const perYear = new Map<number, number>();
    for (const { order_num } of first.orders) {
      const [, year, n] = /^CMD-(\d{4})-(\d{5})$/.exec(order_num)!;
      perYear.set(Number(year), Math.max(perYear.get(Number(year)) ?? 0, Number(n)));
    }
    expect(first.sequences.map((s) => [Number(s.year), Number(s.last)])).toEqual([...perYear.entries()].sort());
    await t.app.get(SeedService).reloadDemoData();
    expect(await state()).toEqual(first);
  });
});
