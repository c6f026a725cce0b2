import { describe, expect, it } from '@jest/globals';
import { boundsIn, convertMinor, firstConverting, type Rates } from './catalogue-filters.js';

/** The plain binary search over every amount of the column: the reference firstConverting must equal. */
function firstByBisection(target: bigint, from: string, to: string, rates: Rates, atLeast: boolean): bigint {
  let low = 0n;
  let high = 10n ** 12n + 1n;
  while (low < high) {
    const middle = (low + high) / 2n;
    const value = convertMinor(middle, from, to, rates)!;
    if (atLeast ? value >= target : value > target) high = middle;
    else low = middle + 1n;
  }
  return low;
}

describe('firstConverting (a price range turned into bounds per currency)', () => {
  const rateSets: Rates[] = [
    new Map([
      ['EUR', 655_957_000n],
      ['USD', 600_000_000n],
    ]),
    new Map([
      ['EUR', 1n],
      ['USD', 999_999_999_999n],
    ]),
  ];
  const targets = [0n, 1n, 2n, 7n, 99n, 100n, 101n, 12_345n, 655_957n, 10n ** 9n, 10n ** 12n, 10n ** 15n];

  it('finds the same first amount as a bisection of the whole column, rounding included', () => {
    let compared = 0;
    for (const rates of rateSets)
      for (const [from, to] of [
        ['XOF', 'EUR'],
        ['EUR', 'XOF'],
        ['USD', 'EUR'],
        ['EUR', 'USD'],
        ['XOF', 'USD'],
      ] as const)
        for (const target of targets)
          for (const atLeast of [true, false]) {
            expect(`${from}→${to} ${target} ${atLeast}: ${firstConverting(target, from, to, rates, atLeast)}`).toBe(
              `${from}→${to} ${target} ${atLeast}: ${firstByBisection(target, from, to, rates, atLeast)}`,
            );
            compared++;
          }
    expect(compared).toBe(2 * 5 * targets.length * 2);
  });

  it('keeps boundsIn exact: 10 000 FCFA to 20 000 FCFA in euros', () => {
    const rates: Rates = new Map([['EUR', 655_957_000n]]);
    // 15.24 € shows as 9 997 FCFA, 15.25 € as 10 003 FCFA; 30.49 € as 20 000 FCFA, 30.50 € as 20 007 FCFA.
    expect(boundsIn('EUR', 'XOF', { min: 10_000n, max: 20_000n }, rates)).toEqual({ empty: false, min: '15.25', max: '30.49' });
  });
});
