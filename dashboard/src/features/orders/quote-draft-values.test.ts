import { describe, expect, it } from 'vitest';
import { bpOf, minorOf, money, percentOf } from './quote-draft-values';

describe('the quote editor’s amounts and percentages', () => {
  it('reads a typed amount in the minor units of its currency', () => {
    expect(minorOf('1 250 000', 'XOF')).toBe(1_250_000n);
    expect(minorOf('12,50', 'EUR')).toBe(1250n);
    expect(minorOf('24\u00a0500', 'USD')).toBe(2_450_000n);
    expect(minorOf('douze', 'EUR')).toBe(0n);
  });

  it('shows minor units and the API’s decimal strings in the one money format', () => {
    expect(money(1_250_000n, 'XOF')).toBe('1 250 000 FCFA');
    expect(money(125_050n, 'EUR')).toBe('1 250,50 €');
    expect(money('24500.00', 'USD')).toBe('24 500 $');
    expect(money(1000n, 'GBP')).toBe('10 GBP');
  });

  it('turns a percentage into basis points and back', () => {
    expect(bpOf('12,5')).toBe(1250);
    expect(bpOf('18')).toBe(1800);
    expect(Number.isNaN(bpOf('abc'))).toBe(true);
    expect(percentOf(1250)).toBe('12,5');
    expect(percentOf(undefined)).toBe('0');
  });
});
