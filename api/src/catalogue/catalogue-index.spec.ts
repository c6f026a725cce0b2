import { describe, expect, it } from '@jest/globals';
import { normalizeSearch } from '../common/search-text.js';
import { worthKey, type Rates } from './catalogue-filters.js';
import { CatalogueIndex, centsText, type CatalogueQuery, type CatalogueRow } from './catalogue-index.js';

/**
 * The index's filter against the plain rule (every row tested, sorted by the sort's keys, ties by id),
 * on a catalogue large enough for each of its paths: a few candidates sorted by rank, many candidates
 * marked and the order walked, and no list short enough (the order walked testing every product).
 */
/** Currency ids 1 to 4: the CFA franc, the euro and the dollar at their rates, a pound without a rate. */
const CODES = new Map([
  [1, 'XOF'],
  [2, 'EUR'],
  [3, 'USD'],
  [4, 'GBP'],
]);
const RATES: Rates = new Map([
  ['EUR', 655_957_000n],
  ['USD', 600_000_000n],
]);
const WORDS = ['electrogene', 'compresseur', 'electrodes', 'oeillet', 'facade', 'grue', 'poulie', 'gaine'];
const N = 30_000;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function catalogue(): CatalogueRow[] {
  const next = random(7);
  const rows: CatalogueRow[] = [];
  for (let id = 1; id <= N; id++) {
    const word = WORDS[Math.floor(next() * WORDS.length)]!;
    const other = WORDS[Math.floor(next() * WORDS.length)]!;
    const name = `${word} ${other} ${Math.floor(next() * 500)}`;
    rows.push({
      id: id * 3,
      category_id: 1 + Math.floor(next() * 6),
      brand_id: 1 + Math.floor(next() * 9),
      currency_id: next() < 0.02 ? 4 : 1 + Math.floor(next() * 3),
      cents: Math.floor(next() * 200) * 500,
      stock: next() < 0.1 ? 0 : Math.floor(next() * 40),
      created: Math.floor(next() * 5000),
      spotlight: next() < 0.05,
      name,
      search_text: normalizeSearch(`${name} réf-${id % 97}`),
    });
  }
  return rows;
}

/** The rule, row by row. */
const nameKeys = new Map<CatalogueRow, string>();
const worths = new Map<CatalogueRow, bigint | null>();
function expected(rows: CatalogueRow[], query: CatalogueQuery): { ids: number[]; total: number; capped: boolean } {
  const term = normalizeSearch(query.search);
  const matches = rows.filter(
    (row) =>
      (query.category === undefined || row.category_id === query.category) &&
      (!query.brands || query.brands.includes(row.brand_id)) &&
      (query.availability === undefined || (query.availability === 'en_stock' ? row.stock > 0 : row.stock <= 0)) &&
      (!query.prices ||
        ((bounds) =>
          bounds !== undefined &&
          (bounds.min === undefined || row.cents >= bounds.min) &&
          (bounds.max === undefined || row.cents <= bounds.max))(query.prices.get(row.currency_id))) &&
      (!term || row.search_text.includes(term)),
  );
  const recent = (a: CatalogueRow, b: CatalogueRow) => b.created - a.created || b.id - a.id;
  const name = (a: CatalogueRow, b: CatalogueRow) => {
    const x = nameKeys.get(a)!;
    const y = nameKeys.get(b)!;
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  };
  const worth = (row: CatalogueRow) => worths.get(row)!;
  // By worth, ties by id; prices without a rate last, by id (both ways reversed for the descending sort).
  const price = (a: CatalogueRow, b: CatalogueRow) => {
    const x = worth(a);
    const y = worth(b);
    if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  };
  const compare = {
    prix_asc: price,
    prix_desc: (a: CatalogueRow, b: CatalogueRow) => {
      const unrated = Number(worth(a) === null) - Number(worth(b) === null);
      return unrated || price(b, a);
    },
    recent,
    Populaire: (a: CatalogueRow, b: CatalogueRow) => Number(b.spotlight) - Number(a.spotlight) || recent(a, b),
    nom_asc: name,
    nom_desc: (a: CatalogueRow, b: CatalogueRow) => name(b, a),
  }[query.sort];
  matches.sort(compare);
  const total = matches.length;
  const capped = query.countCap !== undefined && total > query.countCap;
  return { ids: matches.slice(0, query.limit).map((row) => row.id), total: capped ? query.countCap! : total, capped };
}

/** The rule's keys of each row (for `expected`). */
function known(rows: CatalogueRow[]): CatalogueRow[] {
  for (const row of rows) {
    nameKeys.set(row, normalizeSearch(row.name));
    worths.set(row, worthKey(centsText(row.cents), CODES.get(row.currency_id)!, RATES));
  }
  return rows;
}

/** A filter of the shop drawn at random: every sort, filter and search kind, alone or together. */
function queries(seed: number): () => CatalogueQuery {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return () => {
    const query: CatalogueQuery = {
      sort: pick(['recent', 'Populaire', 'nom_asc', 'nom_desc', 'prix_asc', 'prix_desc'] as const),
      limit: pick([12, 24, 100]),
      money: { codes: CODES, rates: RATES },
    };
    if (next() < 0.6) query.category = 1 + Math.floor(next() * 7);
    if (next() < 0.4) query.brands = next() < 0.5 ? [1 + Math.floor(next() * 9)] : [1, 2 + Math.floor(next() * 8)];
    if (next() < 0.3) query.availability = next() < 0.5 ? 'en_stock' : 'sur_commande';
    if (next() < 0.4) {
      const min = Math.floor(next() * 60_000);
      query.prices = new Map([
        [1, { min, max: min + Math.floor(next() * 60_000) }],
        [2, { min: Math.floor(next() * 1000) }],
      ]);
    }
    if (next() < 0.5) {
      const word = pick(WORDS);
      // A whole word (many products), part of one, two words, a reference, or a word and a number (few).
      query.search = pick([
        word,
        word.slice(1, 5),
        `${word} ${pick(WORDS)}`,
        `réf-${Math.floor(next() * 97)}`,
        `${word} 1`,
        'xyz',
      ]);
    }
    if (query.search || query.brands || query.availability || query.prices) query.countCap = 1000;
    return query;
  };
}

const asked = (query: CatalogueQuery) =>
  JSON.stringify({ ...query, prices: query.prices && [...query.prices], money: undefined });

describe('CatalogueIndex.match', () => {
  const rows = known(catalogue());
  const index = CatalogueIndex.of(rows);
  const draw = queries(11);

  it('finds the page and count the rule gives, on every path of the filter', () => {
    const paths = { few: 0, many: 0, none: 0 };
    for (let k = 0; k < 600; k++) {
      const query = draw();
      const want = expected(rows, query);
      expect({ asked: asked(query), ...index.match(query) }).toEqual({ asked: asked(query), ...want });
      paths[want.total === 0 ? 'none' : want.total > 2000 || want.capped ? 'many' : 'few']++;
    }
    // The queries reached each kind of answer.
    expect(paths.few).toBeGreaterThan(50);
    expect(paths.many).toBeGreaterThan(50);
    expect(paths.none).toBeGreaterThan(10);
  });
});

describe('CatalogueIndex.build', () => {
  const rows = known(catalogue());

  it('builds, a slice at a time, the index that is built at once', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const built = await CatalogueIndex.build(rows, 0).finally(() => clearInterval(ticker));
    // Requests are served while it builds: the event loop turned between its slices.
    expect(turns).toBeGreaterThan(10);
    const whole = CatalogueIndex.of(rows);
    const money = { codes: CODES, rates: RATES };
    for (const sort of ['recent', 'Populaire', 'nom_asc', 'nom_desc', 'prix_asc', 'prix_desc'] as const)
      for (const query of [
        { sort, limit: 100, money },
        { sort, limit: 24, category: 3, search: 'compres', countCap: 1000, money },
      ]) {
        expect(built.match(query)).toEqual(whole.match(query));
        expect(built.match(query)).toEqual(expected(rows, query));
      }
    expect(built.brandCounts()).toEqual(whole.brandCounts());
  });

  it('prepares a price order a slice at a time, the one match would build at once', async () => {
    const index = CatalogueIndex.of(rows);
    const money = { codes: CODES, rates: RATES };
    for (const sort of ['prix_asc', 'prix_desc'] as const) {
      let turns = 0;
      const ticker = setInterval(() => turns++, 0);
      // Two requests at once: both wait for the same order.
      await Promise.all([index.prepare({ sort, money }, 0), index.prepare({ sort, money }, 0)]).finally(() =>
        clearInterval(ticker),
      );
      expect(turns).toBeGreaterThan(10);
      const query = { sort, limit: 100, money };
      expect(index.match(query)).toEqual(expected(rows, query));
      expect(index.match(query)).toEqual(CatalogueIndex.of(rows).match(query));
    }
  });
});

describe('CatalogueIndex.match on texts beyond ASCII', () => {
  // The index tests a term on the texts' UTF-8 bytes: these fragments share leading bytes (€ and ₂,
  // 😀 and 😁, é and è), sort differently by code point and by UTF-16 unit (U+E000 and 😀), or hold a
  // lone surrogate, which UTF-8 cannot say.
  const FRAGMENTS = ['€', '₂', '😀', '😁', 'é', 'è', '\uE000', 'ω', '電', 'a', 'ab', ' ', '\uD83D', '\uDE00', 'ς'];
  const next = random(5);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const rows: CatalogueRow[] = [];
  for (let id = 1; id <= 3000; id++) {
    const text = Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(FRAGMENTS)).join('');
    rows.push({
      id,
      category_id: 1,
      brand_id: 1,
      currency_id: 1,
      cents: 100,
      stock: 1,
      created: id % 17,
      spotlight: false,
      name: text,
      search_text: text,
    });
  }
  for (const row of rows) {
    nameKeys.set(row, normalizeSearch(row.name));
    worths.set(row, null);
  }
  const index = CatalogueIndex.of(rows);

  it('finds what String.prototype.includes finds, and sorts names as strings compare', () => {
    const terms = [...FRAGMENTS.filter((f) => f.trim()), '€₂', '😀😁', '\uDE00😀', 'a😀', 'ωa', '電電', 'ab€', '😀\uD83D'];
    for (const search of terms)
      for (const sort of ['recent', 'nom_asc', 'nom_desc'] as const) {
        const query: CatalogueQuery = { sort, limit: 100, search, countCap: 1000 };
        expect({ search, sort, ...index.match(query) }).toEqual({ search, sort, ...expected(rows, query) });
      }
    expect(index.match({ sort: 'nom_asc', limit: 3000 })).toEqual(expected(rows, { sort: 'nom_asc', limit: 3000 }));
  });
});

describe('CatalogueIndex.patch', () => {
  it('answers, after products are edited in place, as an index built from the edited rows', async () => {
    const rows = known(catalogue());
    const index = CatalogueIndex.of(rows);
    const money = { codes: CODES, rates: RATES };
    // Orders built before the edits (a price order prepared, the names read backwards) are not kept stale.
    await index.prepare({ sort: 'prix_asc', money }, 0);
    index.match({ sort: 'nom_desc', limit: 12, money });
    const next = random(23);
    const edited = rows.slice();
    for (let k = 0; k < 300; k++) {
      const at = Math.floor(next() * edited.length);
      const row = { ...edited[at]! };
      // Each key alone or several together; category 7 had no product, and a brand may lose its last one.
      if (next() < 0.4) row.category_id = 1 + Math.floor(next() * 7);
      if (next() < 0.3) row.brand_id = next() < 0.1 ? 10 : 1 + Math.floor(next() * 9);
      if (next() < 0.3) row.currency_id = 1 + Math.floor(next() * 4);
      if (next() < 0.4) row.cents = Math.floor(next() * 200) * 500;
      if (next() < 0.3) row.created = Math.floor(next() * 5000);
      if (next() < 0.3) row.spotlight = !row.spotlight;
      if (next() < 0.4) {
        row.name = `${WORDS[Math.floor(next() * WORDS.length)]!} édité ${k}`;
        row.search_text = normalizeSearch(`${row.name} réf-${k % 97}`);
      }
      if (next() < 0.3) row.stock = next() < 0.3 ? 0 : Math.floor(next() * 40);
      edited[at] = known([row])[0]!;
      expect(index.patch(row)).toBe(true);
    }
    const draw = queries(29);
    for (let k = 0; k < 400; k++) {
      const query = draw();
      expect({ asked: asked(query), ...index.match(query) }).toEqual({ asked: asked(query), ...expected(edited, query) });
    }
    expect(index.brandCounts()).toEqual(CatalogueIndex.of(edited).brandCounts());
    for (const row of edited.slice(0, 500)) expect(index.sameKeys(row)).toBe('same');
  });

  it('patches no product it does not hold: a created one is a reload', () => {
    const index = CatalogueIndex.of(known(catalogue().slice(0, 10)));
    const row = { ...catalogue()[20]!, id: 999_999 };
    expect(index.patch(row)).toBe(false);
    expect(index.sameKeys(row)).toBe('other');
  });
});
