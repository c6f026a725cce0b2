import request from 'supertest';
import type { Response, Test } from 'supertest';
import { RolePermission } from '../../src/access/entities/role-permission.entity.js';
import { Role } from '../../src/access/entities/role.entity.js';
import { User } from '../../src/admins/entities/user.entity.js';
import { hashPassword } from '../../src/auth/password.js';
import {
  PERMISSION_CATEGORIES,
  PERMISSION_RIGHTS,
  emptyGrid,
  type PermissionCategory,
  type PermissionGrid,
  type PermissionRight,
} from '../../src/core/access/permissions.js';
import { TEST_ADMIN, TEST_DOMAIN, type TestApp } from './test-app.js';

/**
 * Signed-in staff for API tests. A `StaffClient` behaves like the dashboard in a browser: it keeps the
 * cookies the API sets, and sends the `XSRF-TOKEN` cookie back as `X-XSRF-TOKEN` on state-changing
 * requests.
 *
 *   const editor = await signIn(t, { blog: ['view', 'create'] });
 *   await editor.post('/api/blog/create').field('title', '…').expect(201);
 *   const admin = await signInAsAdmin(t);
 */

/** Rights per category: a list of rights, 'all', or `{ view: true, … }` (a `Partial<PermissionGrid>` works). */
export type GridSpec = Partial<
  Record<PermissionCategory, readonly PermissionRight[] | 'all' | Partial<Record<PermissionRight, boolean>>>
>;

export function toGrid(spec: GridSpec | PermissionGrid = {}): PermissionGrid {
  const grid = emptyGrid();
  for (const category of PERMISSION_CATEGORIES) {
    const value = (spec as GridSpec)[category];
    if (!value) continue;
    for (const right of PERMISSION_RIGHTS) {
      grid[category][right] =
        value === 'all'
          ? true
          : Array.isArray(value)
            ? value.includes(right)
            : Boolean((value as Partial<Record<PermissionRight, boolean>>)[right]);
    }
  }
  return grid;
}

/** Every right of every category except `category.right`. */
export function gridWithout(category: PermissionCategory, right: PermissionRight): PermissionGrid {
  const grid = toGrid(Object.fromEntries(PERMISSION_CATEGORIES.map((c) => [c, 'all'])) as GridSpec);
  grid[category][right] = false;
  return grid;
}

/** Only `category.right`. */
export const gridWithOnly = (category: PermissionCategory, right: PermissionRight): PermissionGrid =>
  toGrid({ [category]: [right] });

let sequence = 0;
const unique = () => `${process.pid.toString(36)}${Date.now().toString(36)}${(++sequence).toString(36)}`;

/** Creates a role granting exactly `grid`, straight in the database. */
export async function createRole(
  t: TestApp,
  grid: GridSpec | PermissionGrid = {},
  name = `Rôle de test ${unique()}`,
): Promise<Role> {
  const full = toGrid(grid);
  const role = await t.dataSource.getRepository(Role).save({ name, description: 'Rôle créé par un test.' });
  await t.dataSource
    .getRepository(RolePermission)
    .insert(PERMISSION_CATEGORIES.map((category) => ({ role_id: role.id, category, ...full[category] })));
  return role;
}

export interface TestStaffUser {
  id: number;
  email: string;
  password: string;
  roleId: number;
}

export interface StaffUserOptions {
  grid?: GridSpec | PermissionGrid;
  /** Use an existing role instead of creating one from `grid`. */
  roleId?: number;
  email?: string;
  password?: string;
  firstname?: string;
  name?: string;
}

/** Creates a staff account (and its role unless `roleId` is given), straight in the database. */
export async function createStaffUser(t: TestApp, options: StaffUserOptions = {}): Promise<TestStaffUser> {
  const roleId = options.roleId ?? (await createRole(t, options.grid ?? {})).id;
  const email = (options.email ?? `staff.${unique()}@${TEST_DOMAIN}`).toLowerCase();
  const password = options.password ?? `Motdepasse-${unique()}`;
  const result = await t.dataSource.getRepository(User).insert({
    role_id: roleId,
    firstname: options.firstname ?? 'Prénom',
    name: options.name ?? `Test ${unique()}`,
    email,
    password_hash: await hashPassword(password),
    password_changed_at: new Date(),
  });
  return { id: Number(result.identifiers[0]!.id), email, password, roleId };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const SAFE = new Set<Method>(['get']);

/** A browser-like client: keeps cookies, echoes the anti-forgery token. */
export class StaffClient {
  /** Cookie name → raw value, as the server set them. */
  readonly cookies = new Map<string, string>();
  /** Send `X-XSRF-TOKEN` on state-changing requests (turn off to test the 419). */
  sendXsrf = true;

  constructor(
    readonly t: TestApp,
    public user?: TestStaffUser,
  ) {}

  /** The current `XSRF-TOKEN` cookie, URL-decoded as the dashboard reads it. */
  get xsrf(): string | undefined {
    const raw = this.cookies.get('XSRF-TOKEN');
    return raw === undefined ? undefined : decodeURIComponent(raw);
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get('comptoir_session');
  }

  get(path: string): Test {
    return this.request('get', path);
  }
  post(path: string): Test {
    return this.request('post', path);
  }
  put(path: string): Test {
    return this.request('put', path);
  }
  patch(path: string): Test {
    return this.request('patch', path);
  }
  delete(path: string): Test {
    return this.request('delete', path);
  }

  request(method: Method, path: string): Test {
    const test = request(this.t.http)[method](path);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) test.set('Cookie', cookie);
    if (this.sendXsrf && !SAFE.has(method) && this.xsrf !== undefined) test.set('X-XSRF-TOKEN', encodeURIComponent(this.xsrf));
    test.on('response', (res: Response) => this.remember(res));
    return test;
  }

  /** Applies the `Set-Cookie` headers of a response to the jar. */
  remember(res: Pick<Response, 'headers'>): void {
    const header = res.headers['set-cookie'] as string[] | string | undefined;
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expires = attributes.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
      const maxAge = attributes.map((a) => a.trim()).find((a) => /^max-age=/i.test(a));
      const expired =
        value === '' ||
        (maxAge !== undefined && Number(maxAge.split('=')[1]) <= 0) ||
        (expires !== undefined && new Date(expires.slice(8)).getTime() <= Date.now());
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** GET /api/sanctum/csrf-cookie, as the dashboard does before signing in. */
  async fetchCsrfCookie(): Promise<void> {
    await this.get('/api/sanctum/csrf-cookie').expect(204);
  }

  /** Signs in through the real endpoints (csrf-cookie, then POST /api/login); throws unless it worked. */
  async signIn(email: string, password: string): Promise<this> {
    await this.fetchCsrfCookie();
    const res = await this.post('/api/login').send({ email, password });
    if (res.status !== 200) throw new Error(`Sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return this;
  }

  async logout(): Promise<void> {
    await this.post('/api/logout').expect(200);
  }
}

/** A visitor's browser: no session yet (call `fetchCsrfCookie()` / `signIn()` on it). */
export const browser = (t: TestApp): StaffClient => new StaffClient(t);

/**
 * Creates a role granting exactly `grid` (nothing by default) and a user holding it, and signs them in
 * through /api/login. `client.user` has the account's id, e-mail, password and role id.
 */
export async function signIn(
  t: TestApp,
  grid: GridSpec | PermissionGrid = {},
  options: Omit<StaffUserOptions, 'grid'> = {},
): Promise<StaffClient> {
  const user = await createStaffUser(t, { ...options, grid });
  return new StaffClient(t, user).signIn(user.email, user.password);
}

/** Signs an existing account in. */
export async function signInAs(t: TestApp, user: TestStaffUser): Promise<StaffClient> {
  return new StaffClient(t, user).signIn(user.email, user.password);
}

/** The first administrator of the test database (TEST_ADMIN, "Super administrateur", every right). */
export async function signInAsAdmin(t: TestApp): Promise<StaffClient> {
  const admin = await t.dataSource.getRepository(User).findOneByOrFail({ email: TEST_ADMIN.email });
  return new StaffClient(t, {
    id: admin.id,
    email: TEST_ADMIN.email,
    password: TEST_ADMIN.password,
    roleId: admin.role_id,
  }).signIn(TEST_ADMIN.email, TEST_ADMIN.password);
}
