import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, testDatabaseKind, type TestApp } from '../../../test/support/test-app.js';
import { Product } from '../../catalogue/entities/product.entity.js';

// Whole numbers are bound on SQLite (sqlite-parameters.ts): one statement text whatever the value, and
// the same rows, types and comparisons as TypeORM's literal gave. On MariaDB the driver always bound them.
describe(`number parameters (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const byId = (id: number) => t.dataSource.getRepository(Product).createQueryBuilder('p').where('p.id = :id', { id });

  it('gives one statement for every value, so the prepared statement is reused', () => {
    const [first] = byId(1).getQueryAndParameters();
    const [second] = byId(4711).getQueryAndParameters();
    expect(second).toBe(first);
    expect(first).not.toContain('4711');
  });

  // SQLite's own functions (typeof) and integer division: what a REAL binding would have changed.
  (testDatabaseKind() === 'sqlite' ? it : it.skip)('answers as the literal would: integer arithmetic and types', async () => {
    const [row] = (await t.dataSource
      .createQueryBuilder()
      .select(':seven / :two', 'quotient')
      .addSelect(':half', 'half')
      .addSelect('typeof(:seven)', 'type')
      .from('products', 'p')
      .limit(1)
      .setParameters({ seven: 7, two: 2, half: 0.5 })
      .getRawMany()) as { quotient: number; half: number; type: string }[];
    expect(row).toEqual({ quotient: 3, half: 0.5, type: 'integer' });
  });

  it('finds rows by id, by a list of ids and past a keyset anchor', async () => {
    const ids = (await t.dataSource.getRepository(Product).find({ select: { id: true }, order: { id: 'ASC' } })).map((p) => p.id);
    expect(ids.length).toBeGreaterThan(2);
    expect((await byId(ids[1]!).getOne())?.id).toBe(ids[1]);
    const after = await t.dataSource
      .getRepository(Product)
      .createQueryBuilder('p')
      .select('p.id', 'id')
      .where('p.id > :anchor', { anchor: ids[0] })
      .orderBy('p.id', 'ASC')
      .limit(2)
      .getRawMany<{ id: number }>();
    expect(after.map((r) => Number(r.id))).toEqual(ids.slice(1, 3));
  });
});
