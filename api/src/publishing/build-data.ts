import fs from 'node:fs';
import type { DataSource } from 'typeorm';
import type { PublicArticlesService } from '../blog/public-articles.service.js';
import type { PublicCatalogueService } from '../catalogue/public-catalogue.service.js';

const CHUNK = 500;

interface Cached {
  fingerprint: string;
  json: string;
}

/**
 * The data file of a site build: every published article and every product, as the public API answers
 * them (same serializers, same order), in one JSON file instead of N/100 paginated requests.
 *
 * Incremental: the serialized rows of the previous build are kept (in this process, about the size of
 * the file: 34 MB at 10,000 + 10,000) with a fingerprint of what they were made from, read in one
 * light query (every shown column except the long texts, whose length stands in with `updated_at` and
 * `version`, bumped on every save; the rows' images; and the small tables every row shows: authors,
 * categories, brands, currencies). Only rows whose fingerprint changed are loaded and serialized again,
 * so a publish reads a handful of full rows, not N. After a restart the first build reads them all.
 */
export interface BuildDataWritten {
  articles: number;
  products: number;
  /** The pages (`article/{slug}`, `product/{id}`) of the rows written again, and the addresses that went. */
  changes: { pages: string[]; gone: string[] };
}

export class BuildDataCache {
  private readonly articles = new Map<number, Cached>();
  private readonly products = new Map<number, Cached>();
  private articlesFrame = '';
  private productsFrame = '';

  constructor(
    private readonly dataSource: DataSource,
    private readonly services: () => { articles: PublicArticlesService; catalogue: PublicCatalogueService },
  ) {}

  /** Writes run one at a time (a priority publish may ask while a cold build's file is being written). */
  private queue: Promise<unknown> = Promise.resolve();

  /**
   * Writes the file (aside, then renamed: the build never reads half a file); returns the rows (re)loaded.
   * With `changesOnly`, the file holds only the rows that changed since the previous write (for a build
   * of just their pages, see SiteBuilderService.publishEdit), and `changes` says which pages those are.
   */
  write(file: string, { changesOnly = false } = {}): Promise<BuildDataWritten> {
    const run = this.queue.then(() => this.writeNow(file, changesOnly));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async writeNow(file: string, changesOnly: boolean): Promise<BuildDataWritten> {
    const { articles, catalogue } = this.services();
    const q = (sql: string, params: unknown[] = []) => this.dataSource.query<Record<string, unknown>[]>(sql, params);

    const authors = await q('SELECT id, firstname, name, image, profession FROM users ORDER BY id');
    const articleRows = await q(
      `SELECT id, title, slug, image, image_alt, published_at, created_at, updated_at, version, user_id,
              LENGTH(content) AS content_length
         FROM blog_articles WHERE status = ? ORDER BY published_at DESC, id DESC`,
      ['Publié'],
    );
    const articlesLoaded = await this.refresh(
      this.articles,
      JSON.stringify(authors),
      'articlesFrame',
      articleRows,
      () => '',
      (ids) => articles.byIds(ids),
    );

    const frame = JSON.stringify([
      await q('SELECT id, designation FROM categories ORDER BY id'),
      await q('SELECT id, name FROM brands ORDER BY id'),
      await q('SELECT id, name, symbol, code FROM currencies ORDER BY id'),
    ]);
    const productRows = await q(
      `SELECT id, name, reference, price, stock, category_id, brand_id, currency_id, in_spotlight, created_at,
              updated_at, version, LENGTH(description) AS description_length
         FROM products ORDER BY created_at DESC, id DESC`,
    );
    const images = new Map<number, string>();
    for (const image of await q('SELECT id, product_id, image_path, position FROM product_images ORDER BY id')) {
      const productId = Number(image.product_id);
      images.set(productId, `${images.get(productId) ?? ''}|${image.id}:${String(image.image_path)}:${image.position}`);
    }
    const productsLoaded = await this.refresh(
      this.products,
      frame,
      'productsFrame',
      productRows,
      (id) => images.get(id) ?? '',
      (ids) => catalogue.byIds(ids),
    );

    const list = (cache: Map<number, Cached>, rows: Record<string, unknown>[], only?: Set<number>) =>
      rows
        .filter((row) => !only || only.has(Number(row.id)))
        .map((row) => cache.get(Number(row.id))?.json ?? '')
        .filter(Boolean)
        .join(',');
    await fs.promises.writeFile(
      `${file}.part`,
      changesOnly
        ? `{"articles":[${list(this.articles, articleRows, new Set(articlesLoaded.stale))}],"products":[${list(this.products, productRows, new Set(productsLoaded.stale))}]}`
        : `{"articles":[${list(this.articles, articleRows)}],"products":[${list(this.products, productRows)}]}`,
    );
    await fs.promises.rename(`${file}.part`, file);
    const written = { articles: articlesLoaded.stale.length, products: productsLoaded.stale.length };
    if (!changesOnly) return { ...written, changes: { pages: [], gone: [] } };
    const slug = (json: string) => (JSON.parse(json) as { slug: string }).slug;
    const articlePages = new Set<string>();
    const gone = new Set<string>();
    for (const id of articlesLoaded.stale) articlePages.add(`article/${slug(this.articles.get(id)!.json)}`);
    // A removed or renamed article's old address goes (a renamed one answers at its new address).
    for (const old of articlesLoaded.replaced)
      if (!articlePages.has(`article/${slug(old.json)}`)) gone.add(`article/${slug(old.json)}`);
    for (const old of productsLoaded.replaced) gone.add(`product/${(JSON.parse(old.json) as { id: number }).id}`);
    for (const id of productsLoaded.stale) gone.delete(`product/${id}`);
    return {
      ...written,
      changes: { pages: [...articlePages, ...productsLoaded.stale.map((id) => `product/${id}`)], gone: [...gone] },
    };
  }

  /** Brings `cache` up to `rows` (in their order); returns how many rows were loaded. */
  private async refresh<T extends { id: number }>(
    cache: Map<number, Cached>,
    frame: string,
    frameKey: 'articlesFrame' | 'productsFrame',
    rows: Record<string, unknown>[],
    extra: (id: number) => string,
    load: (ids: number[]) => Promise<T[]>,
  ): Promise<{ stale: number[]; replaced: Cached[] }> {
    // Authors, categories, brands or currencies changed: every row may show it.
    if (this[frameKey] !== frame) cache.clear();
    this[frameKey] = frame;
    const wanted = new Map<number, string>();
    for (const row of rows) {
      const id = Number(row.id);
      wanted.set(id, JSON.stringify(row) + extra(id));
    }
    // The rows removed or changed, as the previous build showed them (their old addresses).
    const replaced: Cached[] = [];
    for (const [id, old] of cache) {
      if (!wanted.has(id)) {
        replaced.push(old);
        cache.delete(id);
      } else if (old.fingerprint !== wanted.get(id)) replaced.push(old);
    }
    const stale = [...wanted].filter(([id, fingerprint]) => cache.get(id)?.fingerprint !== fingerprint).map(([id]) => id);
    for (let i = 0; i < stale.length; i += CHUNK) {
      for (const item of await load(stale.slice(i, i + CHUNK)))
        cache.set(item.id, { fingerprint: wanted.get(item.id)!, json: JSON.stringify(item) });
    }
    return { stale: stale.filter((id) => cache.has(id)), replaced };
  }
}
