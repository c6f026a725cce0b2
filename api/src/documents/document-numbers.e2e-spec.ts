import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runTransaction } from '../common/transactions.js';
import { seedOrderSequences } from '../core/database/migrations/order-sequences-backfill.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { formatDocumentNumber, nextDocumentNumber, nextNumber } from './document-numbers.js';

// docs/order-model.md, "Numbering": what an accountant checks on a year of invoices.
describe(`document numbers (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const sequenceRow = async (kind: string, year: number) =>
    (await t.dataSource.query('SELECT last FROM document_sequences WHERE kind = ? AND year = ?', [kind, year])) as {
      last: number;
    }[];

  it('50 concurrent takes in 50 transactions, the first of a new year among them, give 1 to 50 once each', async () => {
    const started = performance.now();
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () => runTransaction(t.dataSource, (manager) => nextNumber(manager, 'invoice', 2031))),
    );
    const ms = performance.now() - started;
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await sequenceRow('invoice', 2031)).toEqual([{ last: 50 }]);
    // The figure the issue asks for (docs/performance.md): printed, never asserted.
    console.log(`document numbers (${testDatabaseKind()}): 50 concurrent takes in ${ms.toFixed(0)} ms`);
    // And 50 more on the existing row carry on from there, without a gap.
    const more = await Promise.all(
      Array.from({ length: 50 }, () => runTransaction(t.dataSource, (manager) => nextNumber(manager, 'invoice', 2031))),
    );
    expect([...more].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 51));
  });

  it('a transaction that fails gives its number back: the next document takes it, no gap', async () => {
    const first = await runTransaction(t.dataSource, (manager) =>
      nextDocumentNumber(manager, 'credit_note', new Date('2032-03-01')),
    );
    expect(first).toBe('AV-2032-00001');
    await expect(
      runTransaction(t.dataSource, async (manager) => {
        expect(await nextNumber(manager, 'credit_note', 2032)).toBe(2);
        throw new Error('the credit note could not be saved');
      }),
    ).rejects.toThrow('could not be saved');
    const next = await runTransaction(t.dataSource, (manager) =>
      nextDocumentNumber(manager, 'credit_note', new Date('2032-12-31')),
    );
    expect(next).toBe('AV-2032-00002');
    // Each kind and year counts on its own.
    expect(await runTransaction(t.dataSource, (manager) => nextNumber(manager, 'credit_note', 2033))).toBe(1);
  });

  it('refuses to take a number outside a transaction (it could not be given back)', async () => {
    await expect(nextNumber(t.dataSource.manager, 'invoice', 2031)).rejects.toThrow(/transaction/);
  });

  it('the migration continues the existing CMD- numbers of each year, and a new request follows on', async () => {
    await t.dataSource.query("DELETE FROM document_sequences WHERE kind = 'order'");
    const insertOrder = (num: string) =>
      t.dataSource.query(
        `INSERT INTO orders (order_num, status, company_name, company_phone, company_email, representative_name,
          representative_phone, representative_email, payment_by, currency, payment_term, delivery_method, credit_level,
          total, stock_reserved, created_at, updated_at)
         VALUES (?, 'pending', 'Ancienne', '+228 90 00 00 00', 'a@b.tg', 'A', '+228 90 00 00 00', 'a@b.tg',
          'Chèque', 'Fcfa', '30 jours', 'Route', 'Bon', '0.00', 0, ?, ?)`,
        [num, '2029-06-01 08:00:00', '2029-06-01 08:00:00'],
      );
    for (const num of ['CMD-2029-00007', 'CMD-2029-00123', 'CMD-2029-00009', 'CMD-2030-00002']) await insertOrder(num);
    const runner = t.dataSource.createQueryRunner();
    try {
      await seedOrderSequences(runner);
    } finally {
      await runner.release();
    }
    expect(await sequenceRow('order', 2029)).toEqual([{ last: 123 }]);
    expect(await sequenceRow('order', 2030)).toEqual([{ last: 2 }]);
    const next = await runTransaction(t.dataSource, (manager) => nextDocumentNumber(manager, 'order', new Date('2029-07-01')));
    expect(next).toBe(formatDocumentNumber('order', 2029, 124));
  });
});
