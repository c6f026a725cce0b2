import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { insertOrderRows, orderRow } from '../../test/support/order-rows.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { User } from '../admins/entities/user.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { StockEntry } from '../stock/entities/stock-entry.entity.js';
import { ANCHOR_STEP, ANCHOR_TTL_MS, ANCHORS_PER_READ, keysetOrder } from './page-anchors.js';

/** Page numbers from the one before the first anchor (pages of 100 rows). */
const FIRST_PAGE = Math.max(1, Math.floor(ANCHOR_STEP / 100));

/**
 * Deep pages start from the list's anchors (page-anchors.ts) instead of an OFFSET from the top: the
 * page number in the URL must show exactly the rows an OFFSET shows, in every sort (ties on the sort
 * key, NULL dates first going up and last going down), and a row removed before the page moves it at once.
 */
describe(`deep pages of a staff list (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  // More rows than one statement's anchors on MariaDB (ANCHORS_PER_READ steps): the next are read from the last.
  const ROWS = (ANCHORS_PER_READ + 2) * ANCHOR_STEP + 550;
  const PER_PAGE = 100;
  interface Row {
    id: number;
    quantity: number;
    expiry_date: string | null;
    created_at: number;
  }
  let rows: Row[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signInAsAdmin(t);
    const base = Date.UTC(2026, 0, 1);
    const values = Array.from({ length: ROWS }, (_, i) => ({
      name: `Lot ${i}`,
      price: `${1000 + (i % 13)}.00`,
      // Many ties: 17 quantities for 3,050 rows.
      quantity: 1 + ((i * 7) % 17),
      manufacture_date: '2025-06-01',
      // One in four without an expiry date.
      expiry_date: i % 4 === 0 ? null : `2027-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      expirable: i % 4 !== 0,
      billing_date: null,
      created_at: new Date(base - ((i * 7919) % ROWS) * 60_000),
      updated_at: new Date(base),
    }));
    for (let i = 0; i < values.length; i += 250)
      await t.dataSource
        .createQueryBuilder()
        .insert()
        .into(StockEntry)
        .values(values.slice(i, i + 250))
        .execute();
    const stored = await t.dataSource.getRepository(StockEntry).find();
    rows = stored.map((entry) => ({
      id: entry.id,
      quantity: entry.quantity,
      expiry_date: entry.expiry_date,
      created_at: entry.created_at.getTime(),
    }));
  });

  afterAll(async () => {
    await t.close();
  });

  /** The list's order as the SQL defines it: the key (NULL lowest), then the id, both in the direction asked. */
  function expected(key: (row: Row) => string | number | null, direction: 'asc' | 'desc'): number[] {
    const sign = direction === 'asc' ? 1 : -1;
    const compare = (a: Row, b: Row) => {
      const [x, y] = [key(a), key(b)];
      if (x !== y) {
        if (x === null) return -sign;
        if (y === null) return sign;
        return (x < y ? -1 : 1) * sign;
      }
      return (a.id - b.id) * sign;
    };
    return [...rows].sort(compare).map((row) => row.id);
  }

  async function page(query: Record<string, string>, number: number): Promise<{ ids: number[]; total: number }> {
    const res = await staff
      .get('/api/stock')
      .query({ ...query, per_page: String(PER_PAGE), page: String(number) })
      .expect(200);
    const { stocks } = res.body as { stocks: { data: { id: number }[]; total: number } };
    return { ids: stocks.data.map((row) => row.id), total: stocks.total };
  }

  const SORTS: { query: Record<string, string>; key: (row: Row) => string | number | null; direction: 'asc' | 'desc' }[] = [
    { query: {}, key: (row) => row.created_at, direction: 'desc' },
    { query: { sort: 'quantity', direction: 'desc' }, key: (row) => row.quantity, direction: 'desc' },
    { query: { sort: 'expiry_date', direction: 'asc' }, key: (row) => row.expiry_date, direction: 'asc' },
    { query: { sort: 'expiry_date', direction: 'desc' }, key: (row) => row.expiry_date, direction: 'desc' },
  ];

  it('shows at every page number past the first anchor the rows an OFFSET shows, in each sort', async () => {
    for (const { query, key, direction } of SORTS) {
      const order = expected(key, direction);
      // From before the first anchor, across it, between anchors, to the last, short one.
      for (let number = FIRST_PAGE; number <= Math.ceil(ROWS / PER_PAGE); number++) {
        const { ids, total } = await page(query, number);
        expect(total).toBe(ROWS);
        expect(ids).toEqual(order.slice((number - 1) * PER_PAGE, number * PER_PAGE));
      }
    }
  });

  it('moves a deep page at once when a row before it is removed', async () => {
    const query = { sort: 'quantity', direction: 'desc' };
    const before = await page(query, 22);
    const removed = expected((row) => row.quantity, 'desc')[5]!;
    await t.dataSource.getRepository(StockEntry).delete({ id: removed });
    rows = rows.filter((row) => row.id !== removed);
    const after = await page(query, 22);
    expect(after.total).toBe(ROWS - 1);
    expect(after.ids).toEqual(expected((row) => row.quantity, 'desc').slice(21 * PER_PAGE, 22 * PER_PAGE));
    expect(after.ids[0]).toBe(before.ids[1]);
  });

  it('keeps serving deep pages from old anchors while it reads them again, then places them as OFFSET does', async () => {
    const query = { sort: 'quantity', direction: 'desc' };
    const quantity = (row: Row) => row.quantity;
    const slice = (order: number[]) => order.slice(21 * PER_PAGE, 22 * PER_PAGE);
    const old = expected(quantity, 'desc');
    expect((await page(query, 22)).ids).toEqual(slice(old));
    // The list's last row moves to its top: the total stays, the anchors read before now place pages one row off.
    const moved = old.at(-1)!;
    await t.dataSource.getRepository(StockEntry).update({ id: moved }, { quantity: 99 });
    rows = rows.map((row) => (row.id === moved ? { ...row, quantity: 99 } : row));
    const now = expected(quantity, 'desc');
    expect(slice(now)).not.toEqual(slice(old));
    expect((await page(query, 22)).ids).toEqual(slice(old));
    const realNow = Date.now();
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow + ANCHOR_TTL_MS + 1);
    try {
      // Past their age the old anchors still answer at once, while the reading they start runs.
      expect((await page(query, 22)).ids).toEqual(slice(old));
      let shown: number[] = [];
      for (let attempt = 0; attempt < 50 && !equal(shown, slice(now)); attempt++) shown = (await page(query, 22)).ids;
      expect(shown).toEqual(slice(now));
    } finally {
      clock.mockRestore();
    }
  });
});

const equal = (a: number[], b: number[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The order lines list is sorted on its order's columns, an order's lines together in line id order:
 * its anchors stand where an order's first line is, and a deep page cuts through orders as OFFSET does.
 */
describe(`deep pages of the order lines (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  // About 2.5 lines an order: more lines than one statement's anchors on MariaDB.
  const ORDERS = Math.ceil(((ANCHORS_PER_READ + 2) * ANCHOR_STEP) / 2.5);
  const PER_PAGE = 100;
  /** Line ids in the list's order: orders by client name (then order id), each order's lines by id. */
  let expected: { byName: number[]; newest: number[] };

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signInAsAdmin(t);
    const base = Date.UTC(2026, 0, 1);
    const orders = Array.from({ length: ORDERS }, (_, i) =>
      orderRow('ANC', i, {
        // 50 names for 1,000 orders: ties broken by the order’s id.
        company_name: `Société ${String(i % 50).padStart(2, '0')}`,
        created_at: new Date(base - ((i * 331) % ORDERS) * 60_000),
        updated_at: new Date(base),
      }),
    );
    await insertOrderRows(t.dataSource, orders);
    const stored = await t.dataSource.getRepository(Order).find({ select: { id: true, company_name: true, created_at: true } });
    // One to four lines an order (about 1,750 in all), written in turns so that an order's line ids are not consecutive.
    const lines = [];
    for (let round = 0; round < 4; round++)
      for (const [i, order] of stored.entries())
        if (round <= i % 4)
          lines.push({ order_id: order.id, product_name: 'Vanne', quantity: 1, price: '1000.00', total_price: '1000.00' });
    for (let i = 0; i < lines.length; i += 250)
      await t.dataSource
        .createQueryBuilder()
        .insert()
        .into(OrderItem)
        .values(lines.slice(i, i + 250))
        .execute();
    const items = await t.dataSource.getRepository(OrderItem).find({ select: { id: true, order_id: true } });
    const linesOf = new Map<number, number[]>();
    for (const item of [...items].sort((a, b) => a.id - b.id))
      linesOf.set(item.order_id, [...(linesOf.get(item.order_id) ?? []), item.id]);
    const flatten = (sorted: typeof stored) => sorted.flatMap((order) => linesOf.get(order.id) ?? []);
    expected = {
      byName: flatten(
        [...stored].sort((a, b) => (a.company_name < b.company_name ? -1 : a.company_name > b.company_name ? 1 : a.id - b.id)),
      ),
      newest: flatten([...stored].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)),
    };
  });

  afterAll(async () => {
    await t.close();
  });

  it('shows at every page number past the first anchor the lines an OFFSET shows', async () => {
    for (const [query, order] of [
      [{}, expected.newest],
      [{ sort: 'company_name' }, expected.byName],
    ] as const) {
      for (let number = FIRST_PAGE; number <= Math.ceil(order.length / PER_PAGE); number++) {
        const res = await staff
          .get('/api/order')
          .query({ ...query, per_page: String(PER_PAGE), page: String(number) })
          .expect(200);
        const { orderItems } = res.body as { orderItems: { data: { id: number }[]; total: number } };
        expect(orderItems.total).toBe(order.length);
        expect(orderItems.data.map((row) => row.id)).toEqual(order.slice((number - 1) * PER_PAGE, number * PER_PAGE));
      }
    }
  });
});

/**
 * A list ordered by its id alone (the administrators' default order, a record's history) is its own
 * keyset: its deep pages start from anchors too, and show what an OFFSET shows, both ways.
 */
describe(`deep pages of a list ordered by its id alone (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  // More rows than one statement's anchors on MariaDB (ANCHORS_PER_READ steps): the next are read from the last.
  const ROWS = (ANCHORS_PER_READ + 2) * ANCHOR_STEP + 550;
  const PER_PAGE = 100;
  let ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signInAsAdmin(t);
    const roleId = staff.user!.roleId;
    const users = Array.from({ length: ROWS }, (_, i) => ({
      role_id: roleId,
      firstname: 'Ama',
      name: `Agent ${i}`,
      email: `agent-${i}@comptoir.test`,
      password_hash: 'x',
    }));
    for (let i = 0; i < users.length; i += 250)
      await t.dataSource
        .createQueryBuilder()
        .insert()
        .into(User)
        .values(users.slice(i, i + 250))
        .execute();
    ids = (await t.dataSource.getRepository(User).find({ select: { id: true } })).map((user) => user.id).sort((a, b) => a - b);
  });

  afterAll(async () => {
    await t.close();
  });

  async function page(query: Record<string, string>, number: number): Promise<{ ids: number[]; total: number }> {
    const res = await staff
      .get('/api/admin')
      .query({ ...query, per_page: String(PER_PAGE), page: String(number) })
      .expect(200);
    const { admins } = res.body as { admins: { data: { id: number }[]; total: number } };
    return { ids: admins.data.map((row) => row.id), total: admins.total };
  }

  it('is read as a keyset: the id alone, a joined parent’s id alone not', () => {
    const users = () => t.dataSource.getRepository(User).createQueryBuilder('user');
    expect(keysetOrder(users().orderBy('user.id', 'DESC'))).toEqual({
      expressions: [],
      nullable: [],
      dir: 'DESC',
      group: 'user.id',
    });
    expect(keysetOrder(users().innerJoin('user.role', 'role').orderBy('role.id', 'ASC'))).toBeUndefined();
  });

  it('shows at every page number past the first anchor the rows an OFFSET shows, both ways', async () => {
    for (const [query, order] of [
      [{}, ids],
      [{ sort: 'id', direction: 'desc' }, [...ids].reverse()],
    ] as const) {
      for (let number = FIRST_PAGE; number <= Math.ceil(order.length / PER_PAGE); number++) {
        const { ids: shown, total } = await page(query, number);
        expect(total).toBe(order.length);
        expect(shown).toEqual(order.slice((number - 1) * PER_PAGE, number * PER_PAGE));
      }
    }
  });

  it('moves a deep page at once when a row before it is removed', async () => {
    const before = await page({}, 22);
    await t.dataSource.getRepository(User).delete({ id: ids[5]! });
    const after = await page({}, 22);
    expect(after.total).toBe(ids.length - 1);
    expect(after.ids[0]).toBe(before.ids[1]);
    expect(after.ids).toEqual(ids.filter((id) => id !== ids[5]).slice(21 * PER_PAGE, 22 * PER_PAGE));
  });
});
