import { describe, expect, it } from '@jest/globals';
import { diffOf } from './audit-diff.js';

describe('diffOf', () => {
  it('keeps only the fields that changed, before and after', () => {
    expect(
      diffOf({ price: '10.00', name: 'A', updated_at: new Date(1) }, { price: '12.50', name: 'A', updated_at: new Date(2) }),
    ).toEqual({ price: { before: '10.00', after: '12.50' } });
  });

  it('masks secrets and never stores them', () => {
    const changes = diffOf(
      { email: 'a@x.fr' },
      { email: 'a@x.fr', password_hash: '$argon2id$secret' },
      { fields: ['email', 'password_hash'] },
    );
    expect(changes).toEqual({ password: { before: '••••••', after: '••••••' } });
    expect(JSON.stringify(diffOf(null, { reset_token: 'abc', name: 'N' }))).not.toContain('abc');
  });

  it('answers null when nothing differs and records creations and deletions against null', () => {
    expect(diffOf({ a: 1, b: null }, { a: 1, b: undefined })).toBeNull();
    expect(diffOf(null, { name: 'Pompe', stock: 0 })).toEqual({
      name: { before: null, after: 'Pompe' },
      stock: { before: null, after: 0 },
    });
    expect(diffOf({ name: 'Pompe' }, null)).toEqual({ name: { before: 'Pompe', after: null } });
  });

  it('leaves out the fields asked to be omitted and cuts long texts', () => {
    const long = 'x'.repeat(2000);
    const changes = diffOf(
      { content: 'a', content_json: '{}' },
      { content: long, content_json: '{"b":1}' },
      { omit: ['content_json'] },
    );
    expect(Object.keys(changes!)).toEqual(['content']);
    expect(String(changes!.content!.after).length).toBeLessThan(600);
  });
});
