import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { DevisService } from '../quotes/devis.service.js';

function pdfText(pdf: Buffer): string {
  const out = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
  return out.stdout.toString('utf8');
}

// A fresh install (no COMPANY_LEGAL_IDS, COMPANY_BANK_DETAILS nor COMPANY_LOGO set) shows what a
// client document looks like with them: the demo's identifiers, bank and logo.
describe(`demo data: the documents carry the demo company's identifiers, bank and logo (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prints RCCM and NIF, the bank details and the logo on a demo order’s devis', async () => {
    const [order] = (await t.dataSource.query('SELECT id, order_num FROM orders ORDER BY id LIMIT 1')) as {
      id: number;
      order_num: string;
    }[];
    const pdf = await t.app.get(DevisService).pdf(Number(order!.id));
    const text = pdfText(pdf);
    for (const expected of [
      order!.order_num,
      'RCCM TG-LOM 2019 B 01234',
      'NIF 1000123456',
      'COORDONNÉES BANCAIRES',
      'Banque : Ecobank Togo',
      'IBAN : TG53 TG05 5010 0112 3456 7890 12',
      'BIC : ECOCTGTG',
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
  });
});
