import { describe, expect, it } from 'vitest';
import { fileSizeLabel } from '@comptoir/api/file-size';
import { moveRow, specRowsOf, specsPayload } from './spec-rows';

describe('specification rows', () => {
  it('moves a row up or down, and leaves the ends alone', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('sends the rows trimmed and in order, without blank ones', () => {
    const rows = specRowsOf([
      { name: ' Puissance ', value: '20 kVA ' },
      { name: '', value: '' },
      { name: 'Carburant', value: 'Diesel' },
    ]);
    expect(JSON.parse(specsPayload(rows))).toEqual([
      { name: 'Puissance', value: '20 kVA' },
      { name: 'Carburant', value: 'Diesel' },
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });

  it('shows sizes in Ko and Mo', () => {
    expect(fileSizeLabel(300)).toBe('1 Ko');
    expect(fileSizeLabel(120 * 1024)).toBe('120 Ko');
    expect(fileSizeLabel(2.45 * 1024 * 1024)).toBe('2,5 Mo');
  });
});
