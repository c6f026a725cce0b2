import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { RolePermission } from '../../src/access/entities/role-permission.entity.js';
import { Role } from '../../src/access/entities/role.entity.js';
import { User } from '../../src/admins/entities/user.entity.js';
import { verifyPassword } from '../../src/auth/password.js';
import { Article } from '../../src/blog/entities/article.entity.js';
import {
  CLEAN_SVG,
  IMAGE_SIZE_ERROR,
  IMAGE_TYPE_ERROR,
  SVG_ACTIVE_ERROR,
  SVG_WITH_ONLOAD,
  SVG_WITH_SCRIPT,
  TEXT_AS_PNG,
  oversized,
  pngImage,
} from '../auth/images.js';
import { browser, createRole, createStaffUser, signIn, signInAs, signInAsAdmin, type StaffClient } from '../support/auth.js';
import { TEST_ADMIN, TEST_DOMAIN, createTestApp, type TestApp } from '../support/test-app.js';

const MASK = '••••••••••••••••';

describe('administrators', () => {
  let t: TestApp;
  let admin: StaffClient;
  let editorRole: Role;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
    editorRole = await createRole(t, { blog: 'all' }, 'Rédaction');
  });
  afterAll(async () => {
    await t.close();
  });

  const users = () => t.dataSource.getRepository(User);
  const storedFile = (url: string) => path.join(t.config.storageDir, url.replace(/^\/storage\//, ''));
  const avatarFiles = () => {
    const dir = path.join(t.config.storageDir, 'avatars');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  let n = 0;
  const email = () => `admin.test${++n}@${TEST_DOMAIN}`;
  const createForm = (fields: Record<string, string>) => {
    const req = admin.post('/api/admin/create');
    for (const [key, value] of Object.entries(fields)) req.field(key, value);
    return req;
  };
  const validFields = () => ({
    role_id: String(editorRole.id),
    firstname: 'Yao',
    name: 'Agbeko',
    email: email(),
    password: 'Motdepasse-Lagune-1',
  });

  describe('GET /api/admin', () => {
    it('lists administrators, 8 per page, with role, publications and a masked password', async () => {
      const author = await createStaffUser(t, { roleId: editorRole.id, firstname: 'Afi', name: 'Mensah' });
      for (const [i, status] of (['Publié', 'Brouillon'] as const).entries()) {
        await t.dataSource
          .getRepository(Article)
          .insert({ title: `Article ${i}`, slug: `article-admins-${i}`, content: '<p>x</p>', status, user_id: author.id });
      }
      const res = await admin.get('/api/admin').expect(200);
      expect(res.body).toMatchObject({ success: true, message: 'Liste des administrateurs' });
      expect(res.body.admins).toMatchObject({ current_page: 1, last_page: 1, per_page: 8 });
      expect(res.body.admins.total).toBeGreaterThanOrEqual(2);
      const first = res.body.admins.data.find((a: { email: string }) => a.email === TEST_ADMIN.email);
      expect(first).toMatchObject({ password: MASK, blogs_count: 0, role: { name: 'Super administrateur' } });
      expect(first.role_id).toBe(first.role.id);
      expect(first.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const afi = res.body.admins.data.find((a: { id: number }) => a.id === author.id);
      expect(afi).toMatchObject({
        firstname: 'Afi',
        name: 'Mensah',
        blogs_count: 2,
        role: { id: editorRole.id, name: 'Rédaction' },
      });
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|password_hash/);
    });

    it('searches the name and first name, case-insensitively, and pages', async () => {
      await createStaffUser(t, { roleId: editorRole.id, firstname: 'Kodjo', name: 'Zanou' });
      await createStaffUser(t, { roleId: editorRole.id, firstname: 'Zanouwa', name: 'Amégan' });
      const byName = await admin.get('/api/admin?search=zanou').expect(200);
      expect(byName.body.admins.data.map((a: { firstname: string }) => a.firstname).sort()).toEqual(['Kodjo', 'Zanouwa']);
      const paged = await admin.get('/api/admin?search=ZANOU&per_page=1&page=2').expect(200);
      expect(paged.body.admins).toMatchObject({ current_page: 2, last_page: 2, per_page: 1, total: 2 });
      expect(paged.body.admins.data).toHaveLength(1);
      const wildcard = await admin.get('/api/admin?search=%25').expect(200);
      expect(wildcard.body.admins.total).toBe(0);
      const none = await admin.get('/api/admin?search=personne-de-ce-nom').expect(200);
      expect(none.body).toMatchObject({ success: true, message: 'Aucun administrateur trouvé', admins: { data: [], total: 0 } });
      const capped = await admin.get('/api/admin?per_page=1000').expect(200);
      expect(capped.body.admins.per_page).toBe(100);
    });
  });

  describe('POST /api/admin/create', () => {
    it('answers the spec messages for missing fields', async () => {
      const res = await admin.post('/api/admin/create').field('_method', 'POST').expect(422);
      expect(res.body.errors).toEqual({
        role_id: ['Le rôle est requis.'],
        firstname: ['Le prénom est requis.'],
        name: ['Le nom est requis.'],
        email: ["L'email est requis."],
        password: ['Un mot de passe est requis.'],
      });
    });

    it('checks the e-mail format and domain, the password length and the role', async () => {
      const invalid = await createForm({ ...validFields(), email: 'pas-un-email' }).expect(422);
      expect(invalid.body.errors).toEqual({ email: ["L'email n'est pas valide."] });
      const foreign = await createForm({ ...validFields(), email: 'yao@gmail.com' }).expect(422);
      expect(foreign.body.errors).toEqual({ email: [`Seuls les emails @${TEST_DOMAIN} sont autorisés.`] });
      const short = await createForm({ ...validFields(), password: '1234567' }).expect(422);
      expect(short.body.errors).toEqual({ password: ['Le mot de passe doit contenir au moins 8 caractères.'] });
      const unknownRole = await createForm({ ...validFields(), role_id: '999999' }).expect(422);
      expect(unknownRole.body.errors).toEqual({ role_id: ["Ce rôle n'existe pas."] });
    });

    it('refuses an address already in use', async () => {
      const res = await createForm({ ...validFields(), email: TEST_ADMIN.email.toUpperCase() }).expect(422);
      expect(res.body).toMatchObject({ success: false, errors: { email: ['Cet email est déjà utilisé.'] } });
    });

    it('creates the administrator, hashes the password with argon2id, and the account can sign in', async () => {
      const fields = validFields();
      const res = await createForm(fields).expect(201);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Admin ajouté avec succès !',
        admin: {
          firstname: 'Yao',
          name: 'Agbeko',
          email: fields.email,
          role_id: editorRole.id,
          password: MASK,
          image: null,
          blogs_count: 0,
        },
      });
      const stored = await users()
        .createQueryBuilder('u')
        .addSelect('u.password_hash')
        .where('u.email = :e', { e: fields.email })
        .getOneOrFail();
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(stored.password_hash, fields.password)).toBe(true);
      await browser(t).signIn(fields.email, fields.password);
    });

    it('accepts JSON as well as multipart', async () => {
      const fields = validFields();
      await admin
        .post('/api/admin/create')
        .send({ ...fields, role_id: editorRole.id })
        .expect(201);
    });

    it('stores a photo under a generated name in storage/avatars and serves it', async () => {
      const png = await pngImage();
      const res = await createForm(validFields())
        .attach('image', png, { filename: 'ma photo.png', contentType: 'image/png' })
        .expect(201);
      expect(res.body.admin.image).toMatch(/^\/storage\/avatars\/[0-9a-f-]{36}\.png$/);
      // Stored re-encoded (never the uploaded bytes), as a PNG of the same size.
      const stored = await sharp(fs.readFileSync(storedFile(res.body.admin.image))).metadata();
      expect(stored).toMatchObject({ format: 'png', width: (await sharp(png).metadata()).width });
      const served = await request(t.http).get(res.body.admin.image).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    });

    it('refuses uploads by their content and leaves no account and no file behind', async () => {
      const before = { users: await users().count(), files: avatarFiles().length };
      const cases: [Buffer, string, string][] = [
        [TEXT_AS_PNG, 'photo.png', IMAGE_TYPE_ERROR],
        [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'photo.jpg', IMAGE_TYPE_ERROR],
        [SVG_WITH_SCRIPT, 'logo.svg', SVG_ACTIVE_ERROR],
        [SVG_WITH_ONLOAD, 'logo.svg', SVG_ACTIVE_ERROR],
        [oversized(), 'grande.png', IMAGE_SIZE_ERROR],
      ];
      for (const [content, filename, message] of cases) {
        const res = await createForm(validFields()).attach('image', content, { filename, contentType: 'image/png' });
        expect({ file: filename, status: res.status, errors: res.body.errors }).toEqual({
          file: filename,
          status: 422,
          errors: { image: [message] },
        });
      }
      expect(await users().count()).toBe(before.users);
      expect(avatarFiles().length).toBe(before.files);
    });

    it('stores an SVG photo sanitised', async () => {
      const res = await createForm(validFields()).attach('image', CLEAN_SVG, { filename: 'logo.svg' }).expect(201);
      expect(res.body.admin.image).toMatch(/\.svg$/);
      const stored = fs.readFileSync(storedFile(res.body.admin.image), 'utf8');
      expect(stored).toContain('<circle');
      expect(stored).toContain('url(#g)');
      expect(stored).not.toContain('<metadata');
      expect(stored).not.toContain('<!--');
    });

    it('removes the stored photo when the database write fails', async () => {
      const before = avatarFiles().length;
      const fields = validFields();
      await createStaffUser(t, { email: fields.email });
      // The e-mail is taken between the check and the insert: simulated by a unique violation on insert.
      const repo = users();
      const original = repo.insert.bind(repo);
      const spy = (repo.insert = (async () => {
        throw Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' });
      }) as typeof repo.insert);
      try {
        const res = await createForm({ ...fields, email: email() })
          .attach('image', await pngImage(), 'p.png')
          .expect(422);
        expect(res.body.errors).toEqual({ email: ['Cet email est déjà utilisé.'] });
      } finally {
        if (repo.insert === spy) repo.insert = original;
      }
      expect(avatarFiles().length).toBe(before);
    });
  });

  describe('POST /api/admin/{id}/update', () => {
    it('updates the given fields and keeps the password when it is left empty', async () => {
      const user = await createStaffUser(t, { roleId: editorRole.id });
      const res = await admin
        .post(`/api/admin/${user.id}/update`)
        .field('_method', 'PUT')
        .field('firstname', 'Mawuli')
        .field('name', 'Dossou')
        .field('password', '')
        .expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Admin mis à jour avec succès !',
        admin: { firstname: 'Mawuli', name: 'Dossou' },
      });
      await browser(t).signIn(user.email, user.password);
    });

    it('validates like the create form', async () => {
      const user = await createStaffUser(t, { roleId: editorRole.id });
      const res = await admin
        .post(`/api/admin/${user.id}/update`)
        .field('firstname', '')
        .field('email', 'x@autre.example')
        .field('password', 'court')
        .expect(422);
      expect(res.body.errors).toEqual({
        firstname: ['Le prénom est requis.'],
        email: [`Seuls les emails @${TEST_DOMAIN} sont autorisés.`],
        password: ['Le mot de passe doit contenir au moins 8 caractères.'],
      });
      const taken = await admin.post(`/api/admin/${user.id}/update`).field('email', TEST_ADMIN.email).expect(422);
      expect(taken.body.errors).toEqual({ email: ['Cet email est déjà utilisé.'] });
    });

    it('answers 404 for an unknown administrator', async () => {
      const res = await admin.post('/api/admin/999999/update').field('firstname', 'X').expect(404);
      expect(res.body).toEqual({ success: false, message: 'Administrateur introuvable.' });
      await admin.post('/api/admin/abc/update').field('firstname', 'X').expect(404);
    });

    it('ends the sessions of the person whose password changes', async () => {
      const user = await createStaffUser(t, { roleId: editorRole.id });
      const theirs = await signInAs(t, user);
      await admin.post(`/api/admin/${user.id}/update`).field('password', 'Nouveau-Motdepasse-9').expect(200);
      await theirs.get('/api/user').expect(401);
      await browser(t).signIn(user.email, 'Nouveau-Motdepasse-9');
    });

    it('ends the sessions of the person whose e-mail changes', async () => {
      const user = await createStaffUser(t, { roleId: editorRole.id });
      const theirs = await signInAs(t, user);
      await admin.post(`/api/admin/${user.id}/update`).field('email', email()).expect(200);
      await theirs.get('/api/user').expect(401);
    });

    it('ends the sessions of the person moved to a role with fewer rights, not when rights are added', async () => {
      const user = await createStaffUser(t, { grid: { blog: ['view'] } });
      const theirs = await signInAs(t, user);
      await admin.post(`/api/admin/${user.id}/update`).field('role_id', String(editorRole.id)).expect(200);
      await theirs.get('/api/user').expect(200);
      const smaller = await createRole(t, { shop: ['view'] });
      await admin.post(`/api/admin/${user.id}/update`).field('role_id', String(smaller.id)).expect(200);
      await theirs.get('/api/user').expect(401);
    });

    it('replaces the photo and removes the old file', async () => {
      const created = await createForm(validFields())
        .attach('image', await pngImage('#111111'), 'a.png')
        .expect(201);
      const oldFile = storedFile(created.body.admin.image);
      expect(fs.existsSync(oldFile)).toBe(true);
      const updated = await admin
        .post(`/api/admin/${created.body.admin.id}/update`)
        .attach('image', await pngImage('#222222'), 'b.png')
        .expect(200);
      expect(updated.body.admin.image).not.toBe(created.body.admin.image);
      expect(fs.existsSync(storedFile(updated.body.admin.image))).toBe(true);
      expect(fs.existsSync(oldFile)).toBe(false);
    });

    it('sends administrators to their profile (current password asked) to change their own e-mail or password', async () => {
      const self = await signIn(t, { admin: 'all' });
      const before = self.sessionCookie;
      const res = await self.post(`/api/admin/${self.user!.id}/update`).field('password', 'Mon-nouveau-mdp-1').expect(422);
      expect(res.body.errors).toEqual({
        password: [
          'Pour changer votre propre email ou mot de passe, utilisez « Mon profil » (votre mot de passe actuel y est demandé).',
        ],
      });
      const mail = await self
        .post(`/api/admin/${self.user!.id}/update`)
        .field('email', `autre.${Date.now()}@${TEST_DOMAIN}`)
        .expect(422);
      expect(Object.keys(mail.body.errors)).toEqual(['email']);
      // Nothing changed: the same session goes on and the old password still works.
      expect(self.sessionCookie).toBe(before);
      await self.get('/api/user').expect(200);
      await browser(t).signIn(self.user!.email, self.user!.password);
    });
  });

  describe('DELETE /api/admin/{id}/delete', () => {
    it('deletes the administrator, their sessions and their photo', async () => {
      const created = await createForm(validFields())
        .attach('image', await pngImage(), 'a.png')
        .expect(201);
      const file = storedFile(created.body.admin.image);
      const theirs = await browser(t).signIn(created.body.admin.email, 'Motdepasse-Lagune-1');
      const res = await admin.delete(`/api/admin/${created.body.admin.id}/delete`).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Administrateur supprimé avec succès !' });
      expect(await users().findOneBy({ id: created.body.admin.id })).toBeNull();
      expect(fs.existsSync(file)).toBe(false);
      await theirs.get('/api/user').expect(401);
      await admin.delete(`/api/admin/${created.body.admin.id}/delete`).expect(404);
    });

    it('keeps the articles of a deleted author, without author', async () => {
      const author = await createStaffUser(t, { roleId: editorRole.id });
      const inserted = await t.dataSource
        .getRepository(Article)
        .insert({ title: 'Orphelin', slug: 'article-orphelin', content: '<p>x</p>', status: 'Publié', user_id: author.id });
      await admin.delete(`/api/admin/${author.id}/delete`).expect(200);
      const article = await t.dataSource.getRepository(Article).findOneByOrFail({ id: inserted.identifiers[0]!.id });
      expect(article.user_id).toBeNull();
    });
  });

  describe('lock-out guards', () => {
    it('nobody deletes their own account', async () => {
      const me = await admin.get('/api/user').expect(200);
      const res = await admin.delete(`/api/admin/${me.body.id}/delete`).expect(409);
      expect(res.body).toEqual({ success: false, message: 'Vous ne pouvez pas supprimer votre propre compte.' });
    });

    it('the last administrator cannot lose the administration rights nor be deleted', async () => {
      const superAdmin = await users().findOneByOrFail({ email: TEST_ADMIN.email });
      // Earlier tests made other administrators: only the first one remains.
      const adminRoles = await t.dataSource
        .getRepository(RolePermission)
        .findBy({ category: 'admin', view: true, create: true, edit: true });
      await users()
        .createQueryBuilder()
        .delete()
        .where('role_id IN (:...ids) AND id <> :keep', { ids: adminRoles.map((r) => r.role_id), keep: superAdmin.id })
        .execute();
      // A colleague who may edit and delete administrators but does not hold the administration rights.
      const deputy = await signIn(t, { admin: ['edit', 'delete'] });
      const demote = await deputy.post(`/api/admin/${superAdmin.id}/update`).field('role_id', String(editorRole.id)).expect(409);
      expect(demote.body.message).toBe(
        "Impossible de retirer les droits d'administration au dernier administrateur : plus personne ne pourrait gérer les accès.",
      );
      const remove = await deputy.delete(`/api/admin/${superAdmin.id}/delete`).expect(409);
      expect(remove.body.message).toBe(
        'Impossible de supprimer le dernier administrateur : plus personne ne pourrait gérer les accès.',
      );
      expect((await users().findOneByOrFail({ id: superAdmin.id })).role_id).toBe(superAdmin.role_id);

      // With a second administrator, both become possible.
      const second = await createStaffUser(t, { roleId: superAdmin.role_id });
      await deputy.post(`/api/admin/${second.id}/update`).field('role_id', String(editorRole.id)).expect(200);
      await deputy.post(`/api/admin/${second.id}/update`).field('role_id', String(superAdmin.role_id)).expect(200);
      await deputy.delete(`/api/admin/${second.id}/delete`).expect(200);
    });
  });
});
