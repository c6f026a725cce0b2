import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { article, customer, order, product, refs, stockEntry, type ProductRefs } from '../../test/backoffice/fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { StockEntry } from '../stock/entities/stock-entry.entity.js';
import { searchScope, whereSearch } from './listing.js';
import {
  ensureSearchTrigrams,
  SEARCH_TRIGRAM_TRIGGERS,
  TRIGRAM_INDEXED_TABLES,
  trigramsOf,
  trigramTableOf,
} from './search-trigrams.js';

/**
 * Substring search through a trigram index kept by the database, exact on SQLite and on
 * MariaDB, whatever writes the rows.
 */
describe(`search trigram index (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let r: ProductRefs;
  let staff: StaffClient;
  const mariadb = testDatabaseKind() === 'mariadb';
  const q = (name: string) => (mariadb ? `\`${name}\`` : `"${name}"`);

  beforeAll(async () => {
    t = await createTestApp();
    r = await refs(t);
    staff = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** What the index holds ("id:trigram") beside what the rows' search_text say it should hold, cut in JavaScript. */
  async function indexOf(table: string): Promise<{ held: string[]; expected: string[] }> {
    const rows: { id: number; search_text: string }[] = await t.dataSource.query(
      `SELECT ${q('id')}, ${q('search_text')} FROM ${q(table)}`,
    );
    const pairs: { trigram: string | Buffer; row_id: number }[] = await t.dataSource.query(
      `SELECT ${q('trigram')}, ${q('row_id')} FROM ${q(trigramTableOf(table))}`,
    );
    return {
      held: pairs.map((p) => `${p.row_id}:${Buffer.isBuffer(p.trigram) ? p.trigram.toString('utf8') : p.trigram}`).sort(),
      expected: rows.flatMap((row) => trigramsOf(row.search_text).map((trigram) => `${row.id}:${trigram}`)).sort(),
    };
  }

  const globalSearch = async (query: string) => (await staff.get('/api/search').query({ query }).expect(200)).body;

  it("keeps every table's index equal to its rows' trigrams through inserts, changes and deletes, accents and emoji included", async () => {
    const pump = await product(t, r, { name: 'Pompe à eau 💧 Ça 水泵', reference: 'PMP-Œ1' });
    const valve = await product(t, r, { name: 'Vanne papillon', reference: 'VP-1' });
    const gone = await product(t, r, { name: 'Grue mobile', reference: 'GM-1' });
    await t.dataSource.getRepository(Product).save({ ...valve, name: 'Vanne guillotine' });
    await t.dataSource.getRepository(Product).delete(gone.id);
    await order(t, [{ product: pump, quantity: 1 }], { company_name: "Société Générale d'Équipement" });
    const client = await customer(t, { company_name: 'Ébénisterie du Golfe' });
    await t.dataSource.getRepository(Customer).save({ ...client, representative_name: 'Kossi Mensah' });
    await article(t, { title: 'Les groupes électrogènes' });
    const cable = await stockEntry(t, { name: 'Câble 💡 cuivre' });
    await stockEntry(t, { name: 'Huile moteur' });
    await t.dataSource.getRepository(StockEntry).delete(cable.id);

    for (const table of TRIGRAM_INDEXED_TABLES) {
      const { held, expected } = await indexOf(table);
      expect({ table, held }).toEqual({ table, held: expected });
      expect(held.length).toBeGreaterThan(0);
    }
    const products = (await indexOf('products')).held;
    expect(products).toContain(`${pump.id}:💧 c`);
    expect(products).toContain(`${pump.id}:水泵\n`);
    expect(products).toContain(`${valve.id}:gui`);
    expect(products).not.toContain(`${valve.id}:pap`);
    expect(products.some((pair) => pair.startsWith(`${gone.id}:`))).toBe(false);
  });

  it('finds through the index what people type, in every group of the global search', async () => {
    const found = await globalSearch('💧 ÇA 水');
    expect(found.products.map((p: { name: string }) => p.name)).toEqual(['Pompe à eau 💧 Ça 水泵']);
    expect((await globalSearch("générale d'équip")).orders).toHaveLength(1);
    expect((await globalSearch('MENSAH')).customers.map((c: { company_name: string }) => c.company_name)).toEqual([
      'Ébénisterie du Golfe',
    ]);
    expect((await globalSearch('électrogènes')).blogs).toHaveLength(1);
    expect((await globalSearch('huile mot')).stocks).toHaveLength(1);
    expect((await globalSearch('câble')).stocks).toHaveLength(0);
    expect((await globalSearch('papillon')).products).toHaveLength(0);
  });

  it('answers from the index: a row missing from it is not found, until a start rebuilds the index of a table whose trigger went missing', async () => {
    const compressor = await product(t, r, { name: 'Compresseur Zéphyr 42', reference: 'CZ-42' });
    const names = async () => (await globalSearch('zephyr 42')).products.map((p: { name: string }) => p.name);
    expect(await names()).toEqual(['Compresseur Zéphyr 42']);

    // The index is what the search reads: take the row out of it and the search no longer sees it.
    await t.dataSource.query(`DELETE FROM ${q('products_search_trigrams')} WHERE ${q('row_id')} = ?`, [compressor.id]);
    expect(await names()).toEqual([]);

    // As after a restore: a trigger is missing, so the next start recreates them and rebuilds the index.
    await t.dataSource.query(`DROP TRIGGER ${q('products_search_trigrams_update')}`);
    expect(await ensureSearchTrigrams(t.dataSource)).toEqual(['products']);
    expect(await names()).toEqual(['Compresseur Zéphyr 42']);
    const { held, expected } = await indexOf('products');
    expect(held).toEqual(expected);
    expect(await ensureSearchTrigrams(t.dataSource)).toEqual([]);
    const triggers: { name: string }[] = mariadb
      ? await t.dataSource.query('SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = DATABASE()')
      : await t.dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'trigger'`);
    expect(triggers.map((row) => row.name)).toEqual(expect.arrayContaining(SEARCH_TRIGRAM_TRIGGERS));

    // The rebuilt index follows the writes again.
    await t.dataSource.getRepository(Product).save({ ...compressor, name: 'Compresseur Borée 42' });
    expect(await names()).toEqual([]);
    expect((await globalSearch('boree 42')).products).toHaveLength(1);
  });

  it('resolves a search to the same rows through the index as a scan, and scans when every trigram is frequent or the term short', async () => {
    for (let i = 1; i <= 4; i++) await product(t, r, { name: `Vanne à bille ${i}0`, reference: `VB-${i}` });
    const scan = async (term: string) =>
      (
        await whereSearch(t.dataSource.getRepository(Product).createQueryBuilder('product'), 'product', term)
          .select('product.id', 'id')
          .getRawMany<{ id: number }>()
      )
        .map((row) => Number(row.id))
        .sort((a, b) => a - b);
    const scope = (term: string, cap: number) =>
      searchScope(t.dataSource.getRepository(Product).createQueryBuilder('product'), term, cap);

    for (const term of ['vanne a bille 3', 'VANNE À BILLE', 'bille 20', 'vb', '0', 'ç', '💧 ca', 'inconnu', 'e 1']) {
      const matches = await scan(term);
      const resolved = await scope(term, 1000);
      expect({ term, resolved }).toEqual({ term, resolved: { kind: 'ids', ids: expect.any(Array) } });
      expect({ term, ids: [...(resolved as { ids: number[] }).ids].sort((a, b) => a - b) }).toEqual({ term, ids: matches });
    }
    expect(await scan('vanne a bille')).toHaveLength(4);
    // Every trigram of "vanne a bille" lists 4 rows, over a cap of 2: the scan decides, and finds more than the cap.
    expect(await scope('vanne a bille', 2)).toEqual({ kind: 'many', search: 'vanne a bille' });
    // Without the scan (a caller walking the search index itself): "many" as soon as the index cannot narrow.
    const base = () => t.dataSource.getRepository(Product).createQueryBuilder('product');
    const narrowed = await searchScope(base(), 'vanne a bille', 1000, { scan: false });
    expect(narrowed.kind === 'ids' && [...narrowed.ids].sort((a, b) => a - b)).toEqual(await scan('vanne a bille'));
    expect(await searchScope(base(), 'vanne a bille', 2, { scan: false })).toEqual({ kind: 'many', search: 'vanne a bille' });
    expect(await searchScope(base(), 'vb', 2, { scan: false })).toEqual({ kind: 'many', search: 'vb' });
    // "bille 3" has a trigram listing one row ("e 3"): the index answers even under a cap of 2.
    expect(await scope('bille 3', 2)).toEqual({ kind: 'ids', ids: await scan('bille 3') });
  });

  it('narrows a term none of whose trigrams is rare by the rows listed under its three rarest', async () => {
    const pipe = await product(t, r, { name: 'Tuyau acier 12', reference: 'TA-1' });
    for (const name of ['Tuyau acier 21', 'Tuyau cuivre 12', 'Raccord acier 12'])
      await product(t, r, { name, reference: 'TX-1' });
    const scope = (term: string) => searchScope(t.dataSource.getRepository(Product).createQueryBuilder('product'), term, 1);
    // Under a limit of 1, every trigram of the term lists too many rows; "u a" and "r 1" together list one.
    expect(await scope('tuyau acier 12')).toEqual({ kind: 'ids', ids: [pipe.id] });
    // That answer came from the index: with the row's "u a" taken out of it, the rows listed under all
    // three no longer include it (a scan would still find it).
    await t.dataSource.query(`DELETE FROM ${q('products_search_trigrams')} WHERE ${q('row_id')} = ? AND ${q('trigram')} = ?`, [
      pipe.id,
      'u a',
    ]);
    expect(await scope('tuyau acier 12')).toEqual({ kind: 'ids', ids: [] });
    // Two rows in all three lists, over the limit: the scan decides.
    expect(await scope('acier 12')).toEqual({ kind: 'many', search: 'acier 12' });
  });
});
