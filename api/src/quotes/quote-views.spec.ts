import { describe, expect, it } from '@jest/globals';
import type { QuoteVersionLine } from './entities/quote-version-line.entity.js';
import type { QuoteVersion } from './entities/quote-version.entity.js';
import { versionTotals, versionView } from './quote-views.js';

const version = {
  id: 7,
  order_id: 3,
  number: 2,
  quote_number: 'DEV-2026-00003',
  state: 'sent',
  discount_bp: 0,
  delivery_fee: '11800.00',
  delivery_fee_currency: 'XOF',
  valid_until: '2026-12-31',
  payment_terms: null,
  message: null,
  sent_at: new Date('2026-11-20T10:00:00Z'),
  decline_reason: null,
  responded_at: null,
} as unknown as QuoteVersion;
const lines = [
  {
    id: 1,
    quote_version_id: 7,
    position: 0,
    product_id: 4,
    product_name: 'Onduleur 3 kVA',
    product_reference: null,
    quantity: 1,
    unit_price: '118000.00',
    currency_code: 'XOF',
    discount_bp: 0,
    tax_rate_bp: 1800,
  },
] as QuoteVersionLine[];

const ht = { ...version, prices_include_tax: false } as QuoteVersion;
const ttc = { ...version, prices_include_tax: true } as QuoteVersion;

// PRICES_INCLUDE_TAX as recorded on the version: it counts its prices as the request's devis and the invoices do.
describe('quote version totals', () => {
  it('adds the TVA to prices entered HT', () => {
    const [xof] = versionTotals(ht, lines).currencies;
    // (118 000 + 11 800) × 1,18.
    expect(xof).toMatchObject({ ht: 129800n, tax: 23364n, ttc: 153164n });
  });

  it('takes the TVA out of prices entered TTC (PRICES_INCLUDE_TAX=true), on the lines and the fee', () => {
    const [xof] = versionTotals(ttc, lines).currencies;
    expect(xof).toMatchObject({ ht: 110000n, tax: 19800n, ttc: 129800n });
    // The view the dashboard and the client page read says the same.
    expect(versionView(ttc, lines, null).totals[0]).toMatchObject({ ht: '110000', tax: '19800', ttc: '129800' });
    expect(versionView(ttc, lines, null).prices_include_tax).toBe(true);
  });
});
