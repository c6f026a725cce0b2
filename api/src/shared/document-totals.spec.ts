import { describe, expect, it } from '@jest/globals';
import { documentTotals, formatTaxRate } from './document-totals.js';

// The totals printed on a quote or an invoice: HT per line, TVA per rate, TTC per currency.
describe('document totals', () => {
  it('rounds each line once, the TVA once per rate, and never mixes currencies', () => {
    const totals = documentTotals({
      lines: [
        { quantity: 3, unitPrice: 333n, currency: 'XOF', discountBp: 1000, taxRateBp: 1800 }, // 999 − 10 % = 899.1 → 899
        { quantity: 1, unitPrice: 1001n, currency: 'XOF', taxRateBp: 1800 },
        { quantity: 2, unitPrice: 5000n, currency: 'XOF', taxRateBp: 0 },
        { quantity: 1, unitPrice: 1999n, currency: 'EUR', taxRateBp: 1800 }, // 19,99 €
      ],
    });
    expect(totals.lines.map((l) => l.ht)).toEqual([899n, 1001n, 10000n, 1999n]);
    expect(totals.lines[0]).toMatchObject({ gross: 999n, discount: 100n });
    const [xof, eur] = totals.currencies;
    // 18 % of (899 + 1001) = 342 exactly; the exempt base carries no tax.
    expect(xof).toMatchObject({ currency: 'XOF', ht: 11900n, tax: 342n, ttc: 12242n });
    expect(xof!.taxes).toEqual([
      { rateBp: 1800, base: 1900n, tax: 342n },
      { rateBp: 0, base: 10000n, tax: 0n },
    ]);
    // 18 % of 19,99 € = 3,5982 → 3,60 €.
    expect(eur).toMatchObject({ currency: 'EUR', ht: 1999n, tax: 360n, ttc: 2359n });
  });

  it('taxes the sum of a rate once, not each line (three lines of 1 franc at 18 %)', () => {
    const { currencies } = documentTotals({
      lines: [1, 2, 3].map(() => ({ quantity: 1, unitPrice: 3n, currency: 'XOF', taxRateBp: 1800 })),
    });
    // Per line 0.54 → 1 each would give 3; on the sum 9 × 18 % = 1.62 → 2.
    expect(currencies[0]).toMatchObject({ ht: 9n, tax: 2n, ttc: 11n });
  });

  it('applies the overall discount to the goods of each rate, and taxes the delivery fee at its rate', () => {
    const { currencies } = documentTotals({
      lines: [
        { quantity: 10, unitPrice: 125_000n, currency: 'XOF', taxRateBp: 1800 },
        { quantity: 1, unitPrice: 50_000n, currency: 'XOF', taxRateBp: 0 },
      ],
      overallDiscountBp: 500,
      deliveryFee: { amount: 25_000n, currency: 'XOF', taxRateBp: 1800 },
    });
    const xof = currencies[0]!;
    expect(xof.lines).toBe(1_300_000n);
    expect(xof.discount).toBe(65_000n); // 62 500 + 2 500
    expect(xof.delivery).toBe(25_000n);
    expect(xof.taxes).toEqual([
      { rateBp: 1800, base: 1_212_500n, tax: 218_250n },
      { rateBp: 0, base: 47_500n, tax: 0n },
    ]);
    expect(xof).toMatchObject({ ht: 1_260_000n, tax: 218_250n, ttc: 1_478_250n });
  });

  it('with prices entered TTC, keeps the TTC the client saw and takes the HT out once per rate', () => {
    const totals = documentTotals({
      pricesIncludeTax: true,
      lines: [
        { quantity: 1, unitPrice: 1180n, currency: 'XOF', taxRateBp: 1800 },
        { quantity: 1, unitPrice: 1000n, currency: 'XOF', taxRateBp: 1800 },
      ],
    });
    expect(totals.lines.map((l) => l.ht)).toEqual([1000n, 847n]);
    // 2180 TTC: HT 2180 / 1.18 = 1847.46 → 1847, TVA the rest.
    expect(totals.currencies[0]).toMatchObject({ ht: 1847n, tax: 333n, ttc: 2180n });
  });

  it('a full discount leaves nothing, and nonsense rates are refused', () => {
    const { currencies } = documentTotals({
      lines: [{ quantity: 4, unitPrice: 999n, currency: 'XOF', discountBp: 10000, taxRateBp: 1800 }],
    });
    expect(currencies[0]).toMatchObject({ ht: 0n, tax: 0n, ttc: 0n });
    expect(() =>
      documentTotals({ lines: [{ quantity: 1, unitPrice: 1n, currency: 'XOF', discountBp: 10001, taxRateBp: 0 }] }),
    ).toThrow(RangeError);
    expect(() => documentTotals({ lines: [{ quantity: 1.5, unitPrice: 1n, currency: 'XOF', taxRateBp: 0 }] })).toThrow(
      RangeError,
    );
    expect(() => documentTotals({ lines: [], overallDiscountBp: -1 })).toThrow(RangeError);
  });

  it('prints rates the French way', () => {
    expect(formatTaxRate(1800)).toBe('18\u00a0%');
    expect(formatTaxRate(550)).toBe('5,5\u00a0%');
    expect(formatTaxRate(0)).toBe('0\u00a0%');
  });
});
