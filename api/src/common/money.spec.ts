import { describe, expect, it } from '@jest/globals';
import { centsToMinor, convertSum, currencyDecimals, divRound, formatMoney, fromMinor, parseRate, toMinor } from './money.js';

const rates = new Map([
  ['EUR', parseRate('655.957')],
  ['USD', parseRate('605.5')],
]);

describe('money', () => {
  it('knows each currency’s unit: the CFA franc has no cents', () => {
    expect(currencyDecimals('XOF')).toBe(0);
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('USD')).toBe(2);
    expect(toMinor('1250000.00', 'XOF')).toBe(1250000n);
    expect(toMinor('12.5', 'EUR')).toBe(1250n);
    expect(fromMinor(1250n, 'EUR')).toBe('12.50');
    expect(fromMinor(1250000n, 'XOF')).toBe('1250000');
    expect(() => toMinor('10.50', 'XOF')).toThrow();
  });

  it('rounds half away from zero, once', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(7n, 3n)).toBe(2n);
    expect(centsToMinor(350050n, 'XOF')).toBe(3501n);
    expect(centsToMinor(350049n, 'XOF')).toBe(3500n);
    expect(centsToMinor(350049n, 'EUR')).toBe(350049n);
  });

  it('converts through the CFA franc with the fixed euro parity', () => {
    // 100 € = 65 595,7 FCFA → 65 596 FCFA.
    expect(convertSum([{ code: 'EUR', minor: 10000n }], 'XOF', rates)).toEqual({ ok: true, minor: 65596n });
    // 655 957 FCFA = 1 000,00 €.
    expect(convertSum([{ code: 'XOF', minor: 655957n }], 'EUR', rates)).toEqual({ ok: true, minor: 100000n });
    // 1 FCFA = 0,001524... € → 0,00 €; 4 FCFA → 0,01 €.
    expect(convertSum([{ code: 'XOF', minor: 1n }], 'EUR', rates)).toEqual({ ok: true, minor: 0n });
    expect(convertSum([{ code: 'XOF', minor: 4n }], 'EUR', rates)).toEqual({ ok: true, minor: 1n });
    // Mixed: 1 000 FCFA + 10,00 € + 10,00 $ in dollars = (1000 + 6559.57 + 6055) / 605.5 = 22.4848... → 22,48 $.
    expect(
      convertSum(
        [
          { code: 'XOF', minor: 1000n },
          { code: 'EUR', minor: 1000n },
          { code: 'USD', minor: 1000n },
        ],
        'USD',
        rates,
      ),
    ).toEqual({ ok: true, minor: 2248n });
  });

  it('reports the currencies without a rate instead of guessing', () => {
    const noDollar = new Map([['EUR', parseRate('655.957')]]);
    expect(convertSum([{ code: 'USD', minor: 100n }], 'XOF', noDollar)).toEqual({ ok: false, missing: ['USD'] });
    expect(convertSum([{ code: 'XOF', minor: 100n }], 'USD', noDollar)).toEqual({ ok: false, missing: ['USD'] });
    // Nothing to convert: no rate needed.
    expect(convertSum([{ code: 'USD', minor: 100n }], 'USD', noDollar)).toEqual({ ok: true, minor: 100n });
  });

  it('formats in French with the currency’s decimals', () => {
    expect(formatMoney('1250000.00', 'XOF', 'FCFA')).toBe('1 250 000 FCFA');
    expect(formatMoney('3500.50', 'XOF', 'FCFA')).toBe('3 501 FCFA');
    expect(formatMoney('1250.5', 'EUR', '€')).toBe('1 250,50 €');
    expect(formatMoney('99', 'USD', '$')).toBe('99 $');
    expect(formatMoney('99.5', 'USD', '$')).toBe('99,50 $');
  });

  it('parses staff rates with at most six decimals', () => {
    expect(parseRate('655.957')).toBe(655957000n);
    expect(() => parseRate('0')).toThrow();
    expect(() => parseRate('1.1234567')).toThrow();
  });
});
