import { describe, expect, it } from '@jest/globals';
import { currencyLabel, formatCount, formatPrice } from './money.js';

// The one number format of the site, the dashboard and the e-mails: what a reader sees.
describe('shared money and count format', () => {
  it('groups thousands the French way and shows cents only when there are some', () => {
    expect(formatPrice('1250000.00', 'FCFA')).toBe('1 250 000 FCFA');
    expect(formatPrice('899.9', '€')).toBe('899,90 €');
    expect(formatPrice(24500, '$')).toBe('24 500 $');
  });

  it('places every symbol after the amount, the dollar too, as the stock prices read in the specification', () => {
    expect(formatPrice('145.00', '$')).toBe('145 $');
    expect(formatPrice('-12.5', '$')).toBe('-12,50 $');
  });

  it('writes the CFA franc « FCFA » wherever a person reads a currency name', () => {
    expect(currencyLabel('Fcfa')).toBe('FCFA');
    expect(currencyLabel('Euro')).toBe('Euro');
    expect(currencyLabel('Dollar')).toBe('Dollar');
  });

  it('writes counts with the same grouping ("Plus de 1 000 produits", "1 000+")', () => {
    expect(formatCount(1000)).toBe('1 000');
    expect(formatCount(14302)).toBe('14 302');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(12.8)).toBe('12');
    expect(formatCount(-3)).toBe('0');
  });
});
