import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RolePermission } from '../../src/access/entities/role-permission.entity.js';
import { Role } from '../../src/access/entities/role.entity.js';
import { User } from '../../src/admins/entities/user.entity.js';
import { createRole, createStaffUser, signIn, signInAs, signInAsAdmin, type StaffClient } from '../support/auth.js';
import { TEST_ADMIN, createTestApp, type TestApp } from '../support/test-app.js';

const none = { view: false, create: false, edit: false, delete: false };
const all = { view: true, create: true, edit: true, delete: true };
const grid = (overrides: Record<string, Partial<typeof all>> = {}) => ({
  blog: { ...none, ...overrides.blog },
  shop: { ...none, ...overrides.shop },
  stock: { ...none, ...overrides.stock },
  orders: { ...none, ...overrides.orders },
  admin: { ...none, ...overrides.admin },
});
const INVALID =
  'Les permissions sont invalides : chacune des catégories blog, shop, stock, orders et admin (et, si elles sont envoyées, quotes, deliveries, invoices et payments) doit indiquer view, create, edit et delete (vrai ou faux).';

describe('roles', () => {
  let t: TestApp;
  let admin: StaffClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const roles = () => t.dataSource.getRepository(Role);
  let n = 0;
  const name = () => `Rôle ${++n}`;
  const multipart = (path: string, fields: { name?: string; description?: string; permissions?: unknown }) => {
    const req = admin.post(path);
    for (const [key, value] of Object.entries(fields)) req.field(key, typeof value === 'string' ? value : JSON.stringify(value));
    return req;
  };

  describe('GET /api/role', () => {
    it('lists every role (not paginated) with its permissions, its categories with access and up to 5 holders', async () => {
      const role = await createRole(t, { blog: ['view', 'create'], orders: ['view'] }, 'Équipe ventes');
      for (let i = 0; i < 6; i++) await createStaffUser(t, { roleId: role.id, firstname: `Membre${i}` });
      const res = await admin.get('/api/role').expect(200);
      expect(res.body).toMatchObject({ success: true, message: 'Liste des rôles' });
      expect(Array.isArray(res.body.roles)).toBe(true);
      const sales = res.body.roles.find((r: { id: number }) => r.id === role.id);
      expect(sales).toMatchObject({
        name: 'Équipe ventes',
        description: 'Rôle créé par un test.',
        access: ['blog', 'orders'],
        users_count: 6,
      });
      expect(sales.permission).toEqual([
        expect.objectContaining({ category: 'blog', view: true, create: true, edit: false, delete: false }),
        expect.objectContaining({ category: 'shop', ...none }),
        expect.objectContaining({ category: 'stock', ...none }),
        expect.objectContaining({ category: 'orders', view: true, create: false }),
        expect.objectContaining({ category: 'admin', ...none }),
        expect.objectContaining({ category: 'quotes', ...none }),
        expect.objectContaining({ category: 'deliveries', ...none }),
        expect.objectContaining({ category: 'invoices', ...none }),
        expect.objectContaining({ category: 'payments', ...none }),
      ]);
      expect(sales.user).toHaveLength(5);
      expect(Object.keys(sales.user[0]).sort()).toEqual(['firstname', 'id', 'image', 'name']);
      expect(sales.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const superRole = res.body.roles.find((r: { name: string }) => r.name === 'Super administrateur');
      expect(superRole.access).toEqual([
        'blog',
        'shop',
        'stock',
        'orders',
        'admin',
        'quotes',
        'deliveries',
        'invoices',
        'payments',
      ]);
    });
  });

  describe('order document categories (quotes, deliveries, invoices, payments)', () => {
    it('are denied to a role created with the spec grid, and kept when a later update leaves them out', async () => {
      const created = await multipart('/api/role/create', {
        name: name(),
        description: 'x',
        permissions: grid({ orders: { view: true } }),
      }).expect(201);
      const id = created.body.role.id as number;
      const rights = async () =>
        Object.fromEntries(
          (await t.dataSource.getRepository(RolePermission).findBy({ role_id: id })).map((p) => [p.category, p]),
        );
      expect((await rights()).quotes).toMatchObject(none);
      const withQuotes = {
        ...grid({ orders: { view: true } }),
        quotes: { ...none, view: true, edit: true },
        deliveries: none,
        invoices: none,
        payments: none,
      };
      await multipart(`/api/role/${id}/update`, { name: created.body.role.name, description: 'x', permissions: withQuotes })
        .field('_method', 'PUT')
        .expect(200);
      expect((await rights()).quotes).toMatchObject({ view: true, edit: true, create: false });
      // The spec's form sends only its five categories: the role keeps its quote rights.
      await multipart(`/api/role/${id}/update`, {
        name: created.body.role.name,
        description: 'x',
        permissions: grid({ orders: all }),
      })
        .field('_method', 'PUT')
        .expect(200);
      expect((await rights()).quotes).toMatchObject({ view: true, edit: true, create: false });
      expect((await rights()).orders).toMatchObject(all);
    });
  });

  describe('POST /api/role/create', () => {
    it('answers the spec messages for missing fields', async () => {
      const res = await admin.post('/api/role/create').field('_method', 'POST').expect(422);
      expect(res.body.errors).toEqual({
        name: ['Le nom est requis.'],
        description: ['La description est requise.'],
        permissions: ['Les permissions sont requises.'],
      });
    });

    it('validates the permissions strictly', async () => {
      const partial = grid() as Record<string, unknown>;
      delete partial.admin;
      const bad: unknown[] = [
        '{pas du json',
        partial,
        { ...grid(), other: none },
        grid({ blog: { view: 'yes' as unknown as boolean } }),
        { ...grid(), blog: { view: true, create: true, edit: true } },
        { ...grid(), blog: { ...all, publish: true } },
        ['blog'],
        42,
      ];
      for (const permissions of bad) {
        const res = await multipart('/api/role/create', { name: name(), description: 'x', permissions }).expect(422);
        expect({ permissions, errors: res.body.errors }).toEqual({ permissions, errors: { permissions: [INVALID] } });
      }
    });

    it('creates a role from a multipart form (permissions as JSON text)', async () => {
      const roleName = name();
      const permissions = grid({ blog: all, shop: { view: true } });
      const res = await multipart('/api/role/create', {
        name: `  ${roleName} `,
        description: 'Rédaction du blog.',
        permissions,
      }).expect(201);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Rôle ajouté !',
        role: { name: roleName, description: 'Rédaction du blog.', users_count: 0, user: [] },
      });
      const stored = await t.dataSource.getRepository(RolePermission).findBy({ role_id: res.body.role.id });
      expect(stored).toHaveLength(9);
      expect(stored.find((p) => p.category === 'blog')).toMatchObject(all);
      expect(stored.find((p) => p.category === 'shop')).toMatchObject({ view: true, create: false });
    });

    it('accepts a JSON body, flags as 1/0 and the list form of the answers', async () => {
      const numeric = Object.fromEntries(
        Object.entries(grid({ stock: all })).map(([c, r]) => [
          c,
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v ? 1 : 0])),
        ]),
      );
      await admin.post('/api/role/create').send({ name: name(), description: 'JSON', permissions: numeric }).expect(201);
      const list = Object.entries(grid({ orders: { view: true } })).map(([category, rights]) => ({ category, ...rights }));
      const res = await admin
        .post('/api/role/create')
        .send({ name: name(), description: 'Liste', permissions: list })
        .expect(201);
      expect(res.body.role.access).toEqual(['orders']);
    });

    it('refuses a name already taken, whatever its case', async () => {
      const res = await multipart('/api/role/create', {
        name: 'super ADMINISTRATEUR',
        description: 'x',
        permissions: grid(),
      }).expect(422);
      expect(res.body.errors).toEqual({ name: ['Un rôle porte déjà ce nom.'] });
    });
  });

  describe('POST /api/role/{id}/update', () => {
    it('updates the name, description and permissions', async () => {
      const role = await createRole(t, { blog: ['view'] });
      const res = await multipart(`/api/role/${role.id}/update`, {
        name: 'Stock',
        description: 'Magasiniers',
        permissions: grid({ stock: all }),
      })
        .field('_method', 'PUT')
        .expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Rôle mis à jour avec succès !',
        role: { id: role.id, name: 'Stock', description: 'Magasiniers', access: ['stock'] },
      });
    });

    it('ends the sessions of the holders when the role loses a right, not when it gains one', async () => {
      const role = await createRole(t, { blog: ['view', 'create'] });
      const holder = await signInAs(t, await createStaffUser(t, { roleId: role.id }));
      await multipart(`/api/role/${role.id}/update`, { name: name(), description: 'x', permissions: grid({ blog: all }) }).expect(
        200,
      );
      await holder.get('/api/user').expect(200);
      await multipart(`/api/role/${role.id}/update`, {
        name: name(),
        description: 'x',
        permissions: grid({ blog: { view: true } }),
      }).expect(200);
      await holder.get('/api/user').expect(401);
      const again = await signInAs(t, holder.user!);
      const me = await again.get('/api/user').expect(200);
      expect(me.body.role.permission[0]).toMatchObject({ category: 'blog', view: true, create: false });
    });

    it('keeps the session of the editor who removes rights from their own role', async () => {
      const self = await signIn(t, { admin: ['view', 'edit'], blog: ['view'] });
      await self
        .post(`/api/role/${self.user!.roleId}/update`)
        .field('name', name())
        .field('description', 'x')
        .field('permissions', JSON.stringify(grid({ admin: { view: true, edit: true } })))
        .expect(200);
      await self.get('/api/user').expect(200);
    });

    it('answers 404 for an unknown role', async () => {
      const res = await multipart('/api/role/999999/update', { name: name(), description: 'x', permissions: grid() }).expect(404);
      expect(res.body).toEqual({ success: false, message: 'Rôle introuvable.' });
    });

    it('refuses to strip the administration rights from the only role of the administrators', async () => {
      const superRole = await roles().findOneByOrFail({ name: 'Super administrateur' });
      const res = await multipart(`/api/role/${superRole.id}/update`, {
        name: 'Super administrateur',
        description: 'x',
        permissions: grid({ blog: all, shop: all, stock: all, orders: all, admin: { view: true, delete: true } }),
      }).expect(409);
      expect(res.body.message).toBe(
        "Impossible de retirer les droits d'administration à ce rôle : plus aucun administrateur ne pourrait gérer les accès.",
      );
      const stored = await t.dataSource
        .getRepository(RolePermission)
        .findOneByOrFail({ role_id: superRole.id, category: 'admin' });
      expect(stored).toMatchObject(all);
      // Removing another right is fine.
      await multipart(`/api/role/${superRole.id}/update`, {
        name: 'Super administrateur',
        description: 'Tous les droits.',
        permissions: grid({ blog: all, shop: all, stock: all, orders: { view: true }, admin: all }),
      }).expect(200);
      await multipart(`/api/role/${superRole.id}/update`, {
        name: 'Super administrateur',
        description: 'Tous les droits.',
        permissions: grid({ blog: all, shop: all, stock: all, orders: all, admin: all }),
      }).expect(200);
    });
  });

  describe('DELETE /api/role/{id}/delete', () => {
    it('deletes a role nobody holds, with its permissions', async () => {
      const role = await createRole(t, { blog: ['view'] });
      const res = await admin.delete(`/api/role/${role.id}/delete`).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Rôle supprimé avec succès !' });
      expect(await roles().findOneBy({ id: role.id })).toBeNull();
      expect(await t.dataSource.getRepository(RolePermission).countBy({ role_id: role.id })).toBe(0);
      await admin.delete(`/api/role/${role.id}/delete`).expect(404);
    });

    it('refuses while administrators hold it', async () => {
      const role = await createRole(t, { blog: ['view'] });
      await createStaffUser(t, { roleId: role.id });
      const res = await admin.delete(`/api/role/${role.id}/delete`).expect(409);
      expect(res.body.message).toBe(
        'Ce rôle est attribué à des administrateurs : attribuez-leur un autre rôle avant de le supprimer.',
      );
      expect(await roles().findOneBy({ id: role.id })).not.toBeNull();
    });

    it('refuses to delete the last role granting the administration rights', async () => {
      const superRole = await roles().findOneByOrFail({ name: 'Super administrateur' });
      const adminRoles = await t.dataSource
        .getRepository(RolePermission)
        .findBy({ category: 'admin', view: true, create: true, edit: true });
      expect(adminRoles.map((r) => r.role_id)).toEqual([superRole.id]);
      // Nobody holds it any more (as if the accounts had been moved in the database).
      const parking = await createRole(t, {});
      const deleter = await signIn(t, { admin: ['delete'] });
      const users = t.dataSource.getRepository(User);
      const holders = await users.findBy({ role_id: superRole.id });
      await users.update({ role_id: superRole.id }, { role_id: parking.id });
      try {
        const res = await deleter.delete(`/api/role/${superRole.id}/delete`).expect(409);
        expect(res.body.message).toBe("Impossible de supprimer le dernier rôle disposant des droits d'administration.");
      } finally {
        for (const holder of holders) await users.update({ id: holder.id }, { role_id: superRole.id });
      }
      expect((await users.findOneByOrFail({ email: TEST_ADMIN.email })).role_id).toBe(superRole.id);
    });
  });
});
