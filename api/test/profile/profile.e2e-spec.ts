import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { User } from '../../src/admins/entities/user.entity.js';
import { IMAGE_TYPE_ERROR, SVG_ACTIVE_ERROR, SVG_WITH_ONLOAD, TEXT_AS_PNG, pngImage, webpImage } from '../auth/images.js';
import { browser, createStaffUser, signIn, signInAs } from '../support/auth.js';
import { TEST_ADMIN, TEST_DOMAIN, createTestApp, type TestApp } from '../support/test-app.js';
import { PERMISSION_CATEGORIES } from '../../src/core/access/permissions.js';

describe('own profile and credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const storedFile = (url: string) => path.join(t.config.storageDir, url.replace(/^\/storage\//, ''));
  let n = 0;
  const address = () => `profil${++n}@${TEST_DOMAIN}`;

  it('needs a session', async () => {
    await request(t.http).post('/api/profile/update').field('firstname', 'X').expect(401);
    await request(t.http).post('/api/profile/identifiants-update').send({ email: address() }).expect(401);
  });

  describe('POST /api/profile/update', () => {
    it('updates the details of anyone signed in, whatever their role', async () => {
      const me = await signIn(t, {});
      const res = await me
        .post('/api/profile/update')
        .field('_method', 'PUT')
        .field('firstname', 'Edem')
        .field('name', 'Kpodar')
        .field('phone', '+228 90 11 22 33')
        .field('email', me.user!.email)
        .field('profession', 'Responsable logistique')
        .field('about', 'Vingt ans dans la manutention portuaire.')
        .expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Profil mis à jour avec succès !',
        user: {
          firstname: 'Edem',
          name: 'Kpodar',
          phone: '+228 90 11 22 33',
          profession: 'Responsable logistique',
          about: 'Vingt ans dans la manutention portuaire.',
        },
      });
      expect(res.body.user.role.permission).toHaveLength(PERMISSION_CATEGORIES.length);
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/);
      const emptied = await me.post('/api/profile/update').field('phone', '').field('about', '').expect(200);
      expect(emptied.body.user).toMatchObject({ phone: null, about: null, profession: 'Responsable logistique' });
    });

    it('validates the fields', async () => {
      const me = await signIn(t, {});
      const res = await me
        .post('/api/profile/update')
        .field('firstname', '')
        .field('email', 'moi@gmail.com')
        .field('about', 'x'.repeat(276))
        .expect(422);
      expect(res.body.errors).toEqual({
        firstname: ['Le prénom est requis.'],
        email: [`Seuls les emails @${TEST_DOMAIN} sont autorisés.`],
        about: ['Le texte « À propos » ne doit pas dépasser 275 caractères.'],
      });
      await me.post('/api/profile/update').field('about', 'é'.repeat(275)).expect(200);
      const taken = await me.post('/api/profile/update').field('email', TEST_ADMIN.email).expect(422);
      expect(taken.body.errors).toEqual({ email: ['Cet email est déjà utilisé.'] });
    });

    it('stores a new photo and removes the previous one', async () => {
      const me = await signIn(t, {});
      const first = await me
        .post('/api/profile/update')
        .attach('image', await pngImage(), 'moi.png')
        .expect(200);
      expect(first.body.user.image).toMatch(/^\/storage\/avatars\/[0-9a-f-]{36}\.png$/);
      const second = await me
        .post('/api/profile/update')
        .attach('image', await webpImage(), 'moi.webp')
        .expect(200);
      expect(second.body.user.image).toMatch(/\.webp$/);
      expect(fs.existsSync(storedFile(second.body.user.image))).toBe(true);
      expect(fs.existsSync(storedFile(first.body.user.image))).toBe(false);
      const current = await me.get('/api/user').expect(200);
      expect(current.body.image).toBe(second.body.user.image);
    });

    it('refuses a photo by its content and keeps the current one', async () => {
      const me = await signIn(t, {});
      const ok = await me
        .post('/api/profile/update')
        .attach('image', await pngImage(), 'moi.png')
        .expect(200);
      const text = await me
        .post('/api/profile/update')
        .field('firstname', 'Changé')
        .attach('image', TEXT_AS_PNG, 'moi.png')
        .expect(422);
      expect(text.body.errors).toEqual({ image: [IMAGE_TYPE_ERROR] });
      const svg = await me.post('/api/profile/update').attach('image', SVG_WITH_ONLOAD, 'moi.svg').expect(422);
      expect(svg.body.errors).toEqual({ image: [SVG_ACTIVE_ERROR] });
      const current = await me.get('/api/user').expect(200);
      expect(current.body.image).toBe(ok.body.user.image);
      expect(current.body.firstname).not.toBe('Changé');
    });

    it('replaces the session when the e-mail changes and ends the others', async () => {
      const user = await createStaffUser(t, {});
      const me = await signInAs(t, user);
      const elsewhere = await signInAs(t, user);
      const before = me.sessionCookie;
      const newAddress = address();
      await me
        .post('/api/profile/update')
        .field('email', newAddress.toUpperCase())
        .field('current_password', user.password)
        .expect(200);
      expect(me.sessionCookie).not.toBe(before);
      const current = await me.get('/api/user').expect(200);
      expect(current.body.email).toBe(newAddress);
      await elsewhere.get('/api/user').expect(401);
      await browser(t).signIn(newAddress, user.password);
    });
  });

  describe('POST /api/profile/identifiants-update', () => {
    it('changes the password: the new one works, the old one does not, other sessions end, this one goes on', async () => {
      const user = await createStaffUser(t, {});
      const me = await signInAs(t, user);
      const elsewhere = await signInAs(t, user);
      const res = await me
        .post('/api/profile/identifiants-update')
        .field('_method', 'PUT')
        .field('email', user.email)
        .field('password', 'Nouveau-secret-42')
        .field('current_password', user.password)
        .expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Identifiants mis à jour avec succès !',
        user: { email: user.email },
      });
      await me.get('/api/user').expect(200);
      await elsewhere.get('/api/user').expect(401);
      const old = browser(t);
      await old.fetchCsrfCookie();
      await old.post('/api/login').send({ email: user.email, password: user.password }).expect(422);
      await browser(t).signIn(user.email, 'Nouveau-secret-42');
      const stored = await t.dataSource
        .getRepository(User)
        .createQueryBuilder('u')
        .addSelect('u.password_hash')
        .where('u.id = :id', { id: user.id })
        .getOneOrFail();
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
      expect(stored.password_changed_at).not.toBeNull();
    });

    it('changes the e-mail only, keeping the password, when the password is left empty (JSON too)', async () => {
      const user = await createStaffUser(t, {});
      const me = await signInAs(t, user);
      const newAddress = address();
      await me
        .post('/api/profile/identifiants-update')
        .send({ email: newAddress, password: '', current_password: user.password })
        .expect(200);
      await browser(t).signIn(newAddress, user.password);
    });

    it('leaves the sessions alone when nothing changes', async () => {
      const user = await createStaffUser(t, {});
      const me = await signInAs(t, user);
      const elsewhere = await signInAs(t, user);
      await me.post('/api/profile/identifiants-update').send({ email: user.email }).expect(200);
      await elsewhere.get('/api/user').expect(200);
    });

    it('asks for the current password to change the e-mail or the password, and changes nothing without it', async () => {
      const user = await createStaffUser(t, { firstname: 'Kossiwa', name: 'Adjovi' });
      const me = await signInAs(t, user);
      const before = me.sessionCookie;
      const none = await me
        .post('/api/profile/identifiants-update')
        .send({ email: user.email, password: 'Une-phrase-bien-longue-7' });
      expect(none.status).toBe(422);
      expect(none.body.errors).toEqual({
        current_password: ['Saisissez votre mot de passe actuel pour changer votre email ou votre mot de passe.'],
      });
      const wrong = await me
        .post('/api/profile/identifiants-update')
        .send({ email: address(), current_password: 'pas-le-bon-mot-de-passe' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ current_password: ['Le mot de passe actuel est incorrect.'] });
      const viaProfile = await me.post('/api/profile/update').field('email', address());
      expect(viaProfile.status).toBe(422);
      expect(Object.keys(viaProfile.body.errors)).toEqual(['current_password']);
      expect(me.sessionCookie).toBe(before);
      expect((await me.get('/api/user').expect(200)).body.email).toBe(user.email);
      await browser(t).signIn(user.email, user.password);
    });

    it('refuses common passwords and passwords made of the user’s own name or e-mail, in French', async () => {
      const user = await createStaffUser(t, { firstname: 'Kossiwa', name: 'Adjovi' });
      const me = await signInAs(t, user);
      for (const password of ['12345678', 'password', 'azertyuiop', 'aaaaaaaa']) {
        const res = await me
          .post('/api/profile/identifiants-update')
          .send({ email: user.email, password, current_password: user.password });
        expect({ password, status: res.status, errors: res.body.errors }).toEqual({
          password,
          status: 422,
          errors: {
            password: [
              'Ce mot de passe est trop courant ou trop facile à deviner. Choisissez-en un autre (une phrase de plusieurs mots convient bien).',
            ],
          },
        });
      }
      for (const password of ['Adjovi-2026!', 'kossiwa.lome.1']) {
        const res = await me
          .post('/api/profile/identifiants-update')
          .send({ email: user.email, password, current_password: user.password });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual({
          password: ['Le mot de passe ne doit contenir ni votre nom, ni votre prénom, ni votre adresse email.'],
        });
      }
      // 64 characters and more are welcome, with no composition rule.
      const long = 'les hippopotames du mono aiment les mangues bien mures en saison seche';
      await me
        .post('/api/profile/identifiants-update')
        .send({ email: user.email, password: long, current_password: user.password })
        .expect(200);
      await browser(t).signIn(user.email, long);
    });

    it('validates the e-mail and the new password', async () => {
      const me = await signIn(t, {});
      const res = await me
        .post('/api/profile/identifiants-update')
        .send({ email: 'moi@ailleurs.example', password: 'court' })
        .expect(422);
      expect(res.body.errors).toEqual({
        email: [`Seuls les emails @${TEST_DOMAIN} sont autorisés.`],
        password: ['Le mot de passe doit contenir au moins 8 caractères.'],
      });
      const missing = await me.post('/api/profile/identifiants-update').send({}).expect(422);
      expect(missing.body.errors).toEqual({ email: ["L'email est requis."] });
      const taken = await me.post('/api/profile/identifiants-update').send({ email: TEST_ADMIN.email }).expect(422);
      expect(taken.body.errors).toEqual({ email: ['Cet email est déjà utilisé.'] });
    });
  });
});
