import { describe, expect, it } from 'vitest';
import { integerTicks, niceTicks, visibleLabels } from './scale';

describe('chart axes', () => {
  it('puts round ticks from 0 past the largest value', () => {
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(8001)).toEqual([0, 2500, 5000, 7500, 10000]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('counts whole things with whole ticks', () => {
    expect(integerTicks(3)).toEqual([0, 1, 2, 3]);
    expect(integerTicks(0)).toEqual([0, 1]);
    expect(integerTicks(9).every(Number.isInteger)).toBe(true);
  });

  it('thins the labels of a narrow chart, keeping the first and the last', () => {
    expect([...visibleLabels(12, 1000, 56)]).toHaveLength(12);
    const shown = visibleLabels(12, 300, 56);
    expect(shown.has(0) && shown.has(11)).toBe(true);
    expect(shown.size).toBeLessThanOrEqual(5);
  });
});
