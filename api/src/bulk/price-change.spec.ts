import { describe, expect, it } from '@jest/globals';
import { changedPrice } from './price-change.js';

describe('bulk price change', () => {
  it('raises by a percentage and rounds to the step asked, half away from zero', () => {
    expect(changedPrice('12345.00', 'XOF', { mode: 'percent', value: '10', rounding: '1' })).toEqual({
      ok: true,
      price: '13580.00',
    });
    expect(changedPrice('12345.00', 'XOF', { mode: 'percent', value: '10', rounding: '50' })).toEqual({
      ok: true,
      price: '13600.00',
    });
    expect(changedPrice('12345.00', 'XOF', { mode: 'percent', value: '10', rounding: '100' })).toEqual({
      ok: true,
      price: '13600.00',
    });
    expect(changedPrice('1025.00', 'XOF', { mode: 'percent', value: '0', rounding: '50' })).toEqual({
      ok: true,
      price: '1050.00',
    });
    expect(changedPrice('1024.00', 'XOF', { mode: 'percent', value: '0', rounding: '50' })).toEqual({
      ok: true,
      price: '1000.00',
    });
  });

  it('keeps an FCFA price whole even when cents are asked, and cents for the euro', () => {
    expect(changedPrice('999.00', 'XOF', { mode: 'percent', value: '-5.5', rounding: '0.01' })).toEqual({
      ok: true,
      price: '944.00',
    });
    expect(changedPrice('19.99', 'EUR', { mode: 'percent', value: '12.5', rounding: '0.01' })).toEqual({
      ok: true,
      price: '22.49',
    });
  });

  it('adds or takes an amount', () => {
    expect(changedPrice('5000.00', 'XOF', { mode: 'amount', value: '-1250', rounding: '5' })).toEqual({
      ok: true,
      price: '3750.00',
    });
    expect(changedPrice('10.00', 'USD', { mode: 'amount', value: '0.35', rounding: '0.01' })).toEqual({
      ok: true,
      price: '10.35',
    });
  });

  it('refuses a price that would be zero or less, or too large', () => {
    expect(changedPrice('100.00', 'XOF', { mode: 'amount', value: '-100', rounding: '1' })).toEqual({
      ok: false,
      reason: 'Le nouveau prix serait nul ou négatif.',
    });
    expect(changedPrice('9999999999.00', 'XOF', { mode: 'percent', value: '50', rounding: '1' }).ok).toBe(false);
  });
});
