import type { CurrentUser } from '@comptoir/api/contract';
import { describe, expect, it } from 'vitest';
import { permissionGrid } from './permissions';

const role = (permission: Record<string, unknown>[]) => ({ role: { permission } }) as unknown as Pick<CurrentUser, 'role'>;

describe('what the screens offer a signed-in person', () => {
  it('offers nothing to someone without a role', () => {
    const grid = permissionGrid(undefined);
    expect(Object.values(grid).every((rights) => Object.values(rights).every((allowed) => !allowed))).toBe(true);
  });

  it('reads each right of each category, as booleans or as the spec’s 1/0', () => {
    const grid = permissionGrid(
      role([
        { category: 'blog', view: 1, create: '1', edit: true, delete: 0 },
        { category: 'invoices', view: true, create: false, edit: 'true', delete: '0' },
      ]),
    );
    expect(grid.blog).toEqual({ view: true, create: true, edit: true, delete: false });
    expect(grid.invoices).toEqual({ view: true, create: false, edit: true, delete: false });
    expect(grid.shop.view).toBe(false);
  });

  it('ignores a category the dashboard does not know rather than inventing it', () => {
    const grid = permissionGrid(role([{ category: 'superpowers', view: 1 }]));
    expect(grid).not.toHaveProperty('superpowers');
  });
});
