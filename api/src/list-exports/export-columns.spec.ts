import { describe, expect, it } from '@jest/globals';
import type { StaffOrderSummary } from '../contract/backoffice.js';
import { ORDER_COLUMNS } from './export-columns.js';

describe('exported order columns', () => {
  it('write the currency and the status as a person reads them on screen (« FCFA », « Expédié »)', () => {
    const order = { currency: 'Fcfa', status: 'shipped' } as StaffOrderSummary;
    const cell = (header: string) => ORDER_COLUMNS.find((column) => column.header === header)!.value(order);
    expect(cell('Devise')).toBe('FCFA');
    expect(cell('Statut')).toBe('Expédié');
  });
});
