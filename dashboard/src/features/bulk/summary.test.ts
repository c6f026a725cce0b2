import { describe, expect, it } from 'vitest';
import { refusalText } from './summary';

const answer = (n: number) => ({
  success: true as const,
  message: 'm',
  changed: 0,
  unchanged: 0,
  operation_id: null,
  undo_until: null,
  refused: Array.from({ length: n }, (_, i) => ({ id: i, label: `Produit ${i}`, reason: 'Refusé.' })),
});

describe('bulk refusal text', () => {
  it('names the first five refused rows with their reasons and counts the rest', () => {
    expect(refusalText(answer(0))).toBeUndefined();
    expect(refusalText(answer(1))).toBe('Produit 0 : Refusé.');
    const text = refusalText(answer(7))!.split('\n');
    expect(text).toHaveLength(6);
    expect(text[5]).toBe('… et 2 autres');
  });
});
