import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { PublicAnswerCache } from '../publishing/public-answer-cache.js';
import { BUILD_SLICE_MS, CatalogueIndex, columnCents, type CatalogueRow } from './catalogue-index.js';
import { inSlices, type Sliced } from './in-slices.js';

/**
 * How often each replica looks for changes to the catalogue made elsewhere (another replica, an order,
 * a stock entry): the longest a change stays unseen in the shop's filter, plus one reload (about a second
 * of CPU at 100,000 products, in slices between which requests are served).
 */
export const CATALOGUE_REFRESH_MS = 1000;

/**
 * How long after its updated_at a change may still commit: each check reads the rows updated since the
 * database's clock at the previous read, less this margin.
 */
const UPDATED_MARGIN_MS = 3000;

/** Products read per statement by a reload: a few milliseconds of SQLite's synchronous work each. */
const READ_SLICE = 2000;

/**
 * Products whose keys changed that one catch-up patches at most; more (an import, a bulk change) is a
 * reload. A patch costs up to about 3 ms at 100,000 products (a reload about a second), and patches run
 * in slices like a build.
 */
const PATCH_MAX = 300;

interface KeyRow {
  id: number | string;
  category_id: number | string;
  brand_id: number | string;
  currency_id: number | string;
  price: number | string;
  stock: number | string;
  created_at: string | Date;
  in_spotlight: number | string | boolean;
  name: string;
  search_text: string;
}

/** The index's keys (not updated_at: the checks bound their reads by the database's clock, and MariaDB's dates cost a parse each). */
const KEYS = 'id, category_id, brand_id, currency_id, price, stock, created_at, in_spotlight, name, search_text';

/** A datetime column as a number (SQLite: "2026-11-27 05:00:00" in UTC, MariaDB: a Date). */
const timeOf = (value: string | Date) =>
  value instanceof Date ? value.getTime() : Date.parse(`${value.replace(' ', 'T').slice(0, 23)}Z`);

function toRow(raw: KeyRow): CatalogueRow {
  return {
    id: Number(raw.id),
    category_id: Number(raw.category_id),
    brand_id: Number(raw.brand_id),
    currency_id: Number(raw.currency_id),
    cents: columnCents(raw.price),
    stock: Number(raw.stock),
    created: timeOf(raw.created_at),
    spotlight: Boolean(Number(raw.in_spotlight)),
    name: raw.name,
    search_text: raw.search_text ?? '',
  };
}

/** Each row patched into the index, a yield after each (in slices: the event loop served between them). */
function* patchEach(index: CatalogueIndex, rows: CatalogueRow[]): Sliced<void> {
  for (const row of rows) {
    index.patch(row);
    yield;
  }
}

/**
 * Keeps this replica's CatalogueIndex fresh. Built from one query at the first filter; then the index
 * catches up (`catchUp`) before the next answer after a change made here (PublishingService.notifyChange
 * empties the answer cache), and every CATALOGUE_REFRESH_MS for the changes made elsewhere. Catching up
 * is two reads by index: `site_build_state.requested_seq`, which every replica's notifyChange
 * increments (a staff change anywhere), and the products updated since the previous read, by the
 * database's clock less UPDATED_MARGIN_MS (every change to a product's row moves its `updated_at`:
 * staff edits, imports, orders' and stock entries' stock moves). Each product read again is patched in
 * place (CatalogueIndex.patch: its stock, or any of its keys); the index is reloaded only when a product
 * it does not hold was read (created), when more than PATCH_MAX products' keys changed, or, after a staff
 * change, when the number of products is not the index's (removed). The bound follows the clock, not the newest row seen: after a quiet hour, the rows
 * of the last import are not read again every second.
 * With `refreshMs` 0 (the tests' default) every filter reloads first: each answer is what is committed.
 */
@Injectable()
export class CatalogueIndexService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CatalogueIndex');
  private index?: CatalogueIndex;
  private loading?: Promise<CatalogueIndex>;
  private dirty = false;
  private seq = -1;
  /** The next check reads the products updated since this instant, in the column's own form. */
  private since?: string | Date;
  private timer?: NodeJS.Timeout;
  private checking = false;
  private quiet = false;
  refreshMs = process.env.NODE_ENV === 'test' ? 0 : CATALOGUE_REFRESH_MS;
  /** Products read per statement when the index is built (readRows). */
  readSlice = READ_SLICE;
  /** Products patched in one catch-up at most (applyChanges). */
  patchMax = PATCH_MAX;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly answers: PublicAnswerCache,
  ) {
    answers.onInvalidate(() => {
      if (!this.quiet) this.dirty = true;
    });
  }

  /** Built once the app is up, so the first visitor does not wait for it (a failure: the first filter builds it). */
  onApplicationBootstrap(): void {
    if (this.refreshMs === 0) return;
    setImmediate(() => {
      this.reload().catch((error: Error) => this.logger.warn(`Catalogue index not built at start: ${error.message}`));
    });
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** The index as fresh as the rules above make it. */
  async current(): Promise<CatalogueIndex> {
    if (this.refreshMs === 0 || !this.index) return this.reload();
    if (this.dirty) await this.catchUp();
    return this.index;
  }

  /**
   * The changes committed before the call applied (see the class); whether the index changed. Calls
   * during a catch-up wait for the next one, as reloads do; during a reload, for it.
   */
  private catchUp(): Promise<boolean> {
    if (this.loading) return this.reload().then(() => true);
    if (this.catching)
      return (this.nextCatch ??= this.catching.then(
        () => this.catchUp(),
        () => this.catchUp(),
      ));
    this.nextCatch = undefined;
    // A change made here: its notice may not have moved the sequence yet when it is read.
    const changedHere = this.dirty;
    this.dirty = false;
    this.catching = this.applyChanges(changedHere).finally(() => (this.catching = undefined));
    return this.catching;
  }
  private catching?: Promise<boolean>;
  private nextCatch?: Promise<boolean>;

  private async applyChanges(changedHere: boolean): Promise<boolean> {
    const { seq, now } = await this.state();
    const staffChange = changedHere || seq !== this.seq;
    const raws = (await this.dataSource.query(`SELECT ${KEYS} FROM products WHERE updated_at >= ?`, [this.since])) as KeyRow[];
    const index = this.index!;
    let changed = false;
    const edited: CatalogueRow[] = [];
    for (const raw of raws) {
      const row = toRow(raw);
      // Its other columns (description, tax...) may have changed too: the card is read again.
      index.forgetCard(row.id);
      const same = index.sameKeys(row);
      if (same === 'stock') {
        index.setStock(row.id, row.stock);
        changed = true;
      } else if (same === 'other') edited.push(row);
    }
    // A product created (not held) is a reload, and so are more edits than patches are worth.
    let reload = edited.length > this.patchMax || edited.some((row) => !index.holds(row.id));
    if (!reload && edited.length) {
      await inSlices(patchEach(index, edited), BUILD_SLICE_MS);
      changed = true;
    }
    // A staff change may have removed products, which no read of updated rows shows, and changed what
    // cards show of other rows (a brand's or a category's name).
    if (!reload && staffChange) reload = (await this.productCount()) !== index.size;
    this.advance(now);
    if (reload) {
      await this.reload();
      return true;
    }
    if (staffChange) index.forgetCards();
    this.seq = seq;
    return changed || staffChange;
  }

  private async productCount(): Promise<number> {
    const [row] = (await this.dataSource.query('SELECT COUNT(*) AS n FROM products')) as { n: number | string }[];
    return Number(row!.n);
  }

  /**
   * Loads the index again, reading what was committed before the call: concurrent callers share one
   * load, and a call during a load waits for the next one.
   */
  reload(): Promise<CatalogueIndex> {
    if (this.loading)
      return (this.next ??= this.loading.then(
        () => this.reload(),
        () => this.reload(),
      ));
    this.next = undefined;
    this.dirty = false;
    this.loading = this.load().finally(() => (this.loading = undefined));
    return this.loading;
  }
  private next?: Promise<CatalogueIndex>;

  private async load(): Promise<CatalogueIndex> {
    const { seq, now } = await this.state();
    this.index = await CatalogueIndex.build(await this.readRows());
    this.seq = seq;
    this.advance(now);
    if (this.refreshMs > 0 && !this.timer) {
      this.timer = setInterval(() => void this.check(), this.refreshMs);
      this.timer.unref();
    }
    return this.index;
  }

  /**
   * Every product's keys, READ_SLICE rows a statement (by primary key), the event loop served between
   * statements: better-sqlite3 answers synchronously, and 100,000 rows at once held it for about
   * 250 ms. A row changed between two statements is caught by the next check, like any change made
   * after `state()` was read (a staff change moves the sequence, any other one `updated_at`).
   */
  private async readRows(): Promise<CatalogueRow[]> {
    const rows: CatalogueRow[] = [];
    for (;;) {
      const after = rows.length ? rows[rows.length - 1]!.id : 0;
      const raws = (await this.dataSource.query(`SELECT ${KEYS} FROM products WHERE id > ? ORDER BY id LIMIT ${this.readSlice}`, [
        after,
      ])) as KeyRow[];
      for (const raw of raws) rows.push(toRow(raw));
      if (raws.length < this.readSlice) return rows;
      await nextTurn();
    }
  }

  /**
   * The publishing sequence and the database's clock, read before the products: a row committed by then
   * is seen by the read that follows (SQLite gives the clock as text in UTC, MariaDB as a date, each in
   * the form its updated_at columns take).
   */
  private async state(): Promise<{ seq: number; now: string | Date }> {
    const [row] = (await this.dataSource.query(
      'SELECT CURRENT_TIMESTAMP AS db_now, (SELECT requested_seq FROM site_build_state WHERE id = 1) AS requested_seq',
    )) as { db_now: string | Date; requested_seq: number | string | null }[];
    return { seq: Number(row!.requested_seq ?? 0), now: row!.db_now };
  }

  /** The next check starts UPDATED_MARGIN_MS before `now`, never earlier than it already does. */
  private advance(now: string | Date): void {
    const since = this.before(now);
    if (this.since === undefined || timeOf(since) > timeOf(this.since)) this.since = since;
  }

  /** One look for changes made elsewhere (see the class): answers cached here predate what it applies. */
  async check(): Promise<void> {
    if (this.checking || this.loading || !this.index) return;
    this.checking = true;
    try {
      if (await this.catchUp()) this.forgetAnswers();
    } catch (error) {
      this.logger.warn(`Catalogue index check failed: ${(error as Error).message}`);
    } finally {
      this.checking = false;
    }
  }

  /** Answers cached here predate a change made elsewhere (this replica's own changes empty the cache already). */
  private forgetAnswers(): void {
    this.quiet = true;
    this.answers.invalidate();
    this.quiet = false;
  }

  /** UPDATED_MARGIN_MS before `value`, in the column's own form. */
  private before(value: string | Date): string | Date {
    const time = timeOf(value) - UPDATED_MARGIN_MS;
    if (value instanceof Date) return new Date(time);
    return new Date(time).toISOString().slice(0, 19).replace('T', ' ');
  }
}
