import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Brand } from '../../src/catalogue/entities/brand.entity.js';
import { Category } from '../../src/catalogue/entities/category.entity.js';
import { PublishingService } from '../../src/publishing/publishing.service.js';
import { signIn, type StaffClient } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import * as fx from './fixtures.js';
import { CLEAN_SVG, FAKE_PNG, SCRIPTED_SVG, filesIn, oversized, png, stored } from './images.js';

describe('back-office: brands, categories, currencies', () => {
  let t: TestApp;
  let shop: StaffClient;
  let viewer: StaffClient;
  let notify: ReturnType<typeof jest.spyOn>;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await signIn(t, { shop: 'all' });
    viewer = await signIn(t, { shop: ['view'] });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => notify?.mockRestore());

  const spyPublishing = () => {
    notify = jest.spyOn(t.app.get(PublishingService), 'notifyChange');
    return notify;
  };

  const createBrand = (image?: Buffer, filename = 'logo.png', name = 'Atlas Copco') => {
    const req = shop
      .post('/api/brands/create')
      .field('name', name)
      .field('representative', 'Kossi Mensah')
      .field('description', 'Compresseurs et groupes électrogènes.');
    if (image) req.attach('image', image, filename);
    return req;
  };

  describe('brands', () => {
    it('lists brands page by page, with search, 8 per page by default and per_page capped at 100', async () => {
      for (let i = 1; i <= 11; i++) await fx.brand(t, { name: i % 2 ? `Pompes Lowara ${i}` : `Caterpillar ${i}` });

      const first = await viewer.get('/api/brands').expect(200);
      expect(first.body.success).toBe(true);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.body.brands).toMatchObject({ current_page: 1, last_page: 2, per_page: 8, total: 11 });
      expect(first.body.brands.data).toHaveLength(8);
      expect(first.body.brands.data[0]).toMatchObject({ name: expect.any(String), products_count: 0, image_variants: null });

      const second = await viewer.get('/api/brands?page=2').expect(200);
      expect(second.body.brands.data).toHaveLength(3);
      const ids = new Set([...first.body.brands.data, ...second.body.brands.data].map((b: { id: number }) => b.id));
      expect(ids.size).toBe(11);

      const capped = await viewer.get('/api/brands?per_page=5000').expect(200);
      expect(capped.body.brands.per_page).toBe(100);

      const found = await viewer.get('/api/brands?search=LOWARA&per_page=3&page=2').expect(200);
      expect(found.body.brands).toMatchObject({ current_page: 2, last_page: 2, per_page: 3, total: 6 });
      expect(found.body.brands.data.every((b: { name: string }) => b.name.startsWith('Pompes Lowara'))).toBe(true);

      // A LIKE wildcard in the search is a plain character.
      const none = await viewer.get('/api/brands?search=%25').expect(200);
      expect(none.body.brands.total).toBe(0);

      await viewer.get('/api/brands?page=0').expect(422);
    });

    it('lists every missing field of the brand form at once, with the spec messages', async () => {
      const res = await shop.post('/api/brands/create').field('_method', 'POST').expect(422);
      expect(res.body.success).toBe(false);
      expect(res.body.errors).toEqual({
        name: ['Le nom est requis.'],
        representative: ['Le représentant est requis.'],
        description: ['La description est requise.'],
        image: ["L'image est requise."],
      });
      const long = await shop
        .post('/api/brands/create')
        .field('name', 'X')
        .field('representative', 'Y')
        .field('description', 'd'.repeat(276))
        .attach('image', await png(), 'a.png')
        .expect(422);
      expect(long.body.errors).toEqual({ description: ['La description ne doit pas dépasser 275 caractères.'] });
    });

    it('creates a brand with its image, resized WebP copies, and asks for a site rebuild', async () => {
      const spy = spyPublishing();
      const res = await createBrand(await png(1600, 800)).expect(201);
      expect(res.body).toMatchObject({ success: true, message: 'Marque ajoutée avec succès !' });
      const brand = res.body.brand;
      expect(brand).toMatchObject({ name: 'Atlas Copco', representative: 'Kossi Mensah', products_count: 0 });
      expect(brand.image).toMatch(/^brands\/[0-9a-f-]{36}\.png$/);
      expect(stored(t, brand.image)).toBe(true);
      expect(brand.image_variants).toEqual({
        '400': brand.image.replace('.png', '-400.webp'),
        '800': brand.image.replace('.png', '-800.webp'),
      });
      expect(stored(t, brand.image_variants['400'])).toBe(true);
      expect(stored(t, brand.image_variants['800'])).toBe(true);
      expect(spy).toHaveBeenCalledWith('brand.created', 'Marque « Atlas Copco » ajoutée');
      // Served from /storage as an image, never as a page.
      const file = await shop.get(`/storage/${brand.image_variants['400']}`).expect(200);
      expect(file.headers['content-type']).toBe('image/webp');
    });

    it('checks uploads on their content: type, size, and SVG scripts', async () => {
      const before = filesIn(t, 'brands');
      const fake = await createBrand(FAKE_PNG, 'photo.png', 'Format refusé').expect(422);
      expect(fake.body.errors).toEqual({ image: ['Format invalide. Formats acceptés : PNG, JPG, JPEG, SVG, WEBP.'] });

      const big = await createBrand(oversized(), 'big.png', 'Trop lourd').expect(422);
      expect(big.body.errors).toEqual({ image: ["L'image ne doit pas dépasser 5MB."] });

      const scripted = await createBrand(SCRIPTED_SVG, 'logo.svg', 'Scripté').expect(422);
      expect(scripted.body.errors.image).toHaveLength(1);
      expect(filesIn(t, 'brands')).toEqual(before);

      const svg = await createBrand(CLEAN_SVG, 'logo.svg', 'Vectoriel').expect(201);
      expect(svg.body.brand.image).toMatch(/\.svg$/);
      expect(svg.body.brand.image_variants).toBeNull();
    });

    it('refuses a second brand whose name differs only by case or spaces, as roles do', async () => {
      await createBrand(await png(), 'logo.png', 'Lowara Unique').expect(201);
      const twin = await createBrand(await png(), 'logo.png', '  lowara UNIQUE ').expect(422);
      expect(twin.body.errors).toEqual({ name: ['Une marque porte déjà ce nom.'] });
      const other = (await createBrand(await png(), 'logo.png', 'Lowara Autre').expect(201)).body.brand;
      const renamed = await shop
        .post(`/api/brands/${other.id}/update`)
        .field('name', 'LOWARA unique')
        .field('representative', 'Kossi Mensah')
        .field('description', 'Pompes.')
        .expect(422);
      expect(renamed.body.errors).toEqual({ name: ['Une marque porte déjà ce nom.'] });
    });

    it('removes the file it just stored when the database refuses the save', async () => {
      const repo = t.app.get<Repository<Brand>>(getRepositoryToken(Brand));
      const insert = jest.spyOn(repo, 'insert').mockRejectedValueOnce(new Error('disque plein'));
      const before = filesIn(t, 'brands');
      try {
        const res = await createBrand(await png(), 'logo.png', 'Refus en base').expect(500);
        expect(res.body.message).toMatch(/erreur/i);
      } finally {
        insert.mockRestore();
      }
      expect(filesIn(t, 'brands')).toEqual(before);
    });

    it('updates with or without a new image; a replaced image and its copies are removed', async () => {
      const created = (await createBrand(await png(), 'logo.png', 'Atlas Renommé')).body.brand;
      const spy = spyPublishing();
      const kept = await shop
        .post(`/api/brands/${created.id}/update`)
        .field('_method', 'PUT')
        .field('name', 'Atlas Copco Togo')
        .field('representative', 'Afi Dossou')
        .field('description', 'Nouvelle description.')
        .expect(200);
      expect(kept.body).toMatchObject({ success: true, message: 'Marque mise à jour avec succès !' });
      expect(kept.body.brand).toMatchObject({ name: 'Atlas Copco Togo', representative: 'Afi Dossou', image: created.image });
      expect(spy).toHaveBeenCalledWith('brand.updated', 'Marque « Atlas Copco Togo » mise à jour');

      const replaced = await shop
        .post(`/api/brands/${created.id}/update`)
        .field('name', 'Atlas Copco Togo')
        .field('representative', 'Afi Dossou')
        .field('description', 'Nouvelle description.')
        .attach('image', await png(500, 500, '#ff0000'), 'new.png')
        .expect(200);
      expect(replaced.body.brand.image).not.toBe(created.image);
      expect(stored(t, replaced.body.brand.image)).toBe(true);
      expect(stored(t, created.image)).toBe(false);
      expect(stored(t, created.image_variants['400'])).toBe(false);

      await shop.post('/api/brands/999999/update').field('name', 'x').expect(404);
    });

    it('refuses to delete a brand still used by products (409), deletes it otherwise', async () => {
      const refs = await fx.refs(t);
      await fx.product(t, refs);
      const used = await shop.delete(`/api/brands/${refs.brand.id}/delete`).expect(409);
      expect(used.body).toEqual({
        success: false,
        message: 'Impossible de supprimer cette marque : 1 produit l’utilise encore.',
      });

      const created = (await createBrand(await png(), 'logo.png', 'Atlas Éphémère')).body.brand;
      const spy = spyPublishing();
      const res = await shop.delete(`/api/brands/${created.id}/delete`).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Marque supprimée avec succès !' });
      expect(stored(t, created.image)).toBe(false);
      expect(spy).toHaveBeenCalledWith('brand.deleted', 'Marque « Atlas Éphémère » supprimée');
      await shop.delete(`/api/brands/${created.id}/delete`).expect(404);
    });

    it('needs the matching shop right for each action', async () => {
      await viewer.post('/api/brands/create').field('name', 'x').expect(403);
      await viewer.delete('/api/brands/1/delete').expect(403);
      const blogger = await signIn(t, { blog: 'all' });
      await blogger.get('/api/brands').expect(403);
    });
  });

  describe('categories', () => {
    it('validates, creates, updates and deletes categories with the spec messages', async () => {
      const empty = await shop.post('/api/category/create').field('designation', ' ').expect(422);
      expect(empty.body.errors).toEqual({ designation: ['Le nom est requis.'], description: ['La description est requise.'] });

      const spy = spyPublishing();
      const created = await shop
        .post('/api/category/create')
        .field('designation', 'Groupes électrogènes')
        .field('description', 'Production d’énergie de secours.')
        .expect(201);
      expect(created.body).toMatchObject({ success: true, message: 'Catégorie ajoutée !' });
      expect(created.body.category).toMatchObject({ designation: 'Groupes électrogènes', products_count: 0 });
      expect(spy).toHaveBeenCalledWith('category.created', 'Catégorie « Groupes électrogènes » ajoutée');
      const id = created.body.category.id;

      const updated = await shop
        .post(`/api/category/${id}/update`)
        .send({ designation: 'Groupes électrogènes diesel', description: 'x'.repeat(275) })
        .expect(200);
      expect(updated.body).toMatchObject({
        message: 'Catégorie mise à jour avec succès !',
        category: { designation: 'Groupes électrogènes diesel' },
      });

      const tooLong = await shop
        .post(`/api/category/${id}/update`)
        .send({ designation: 'a', description: 'x'.repeat(276) })
        .expect(422);
      expect(tooLong.body.errors).toEqual({ description: ['La description ne doit pas dépasser 275 caractères.'] });

      const deleted = await shop.delete(`/api/category/${id}/delete`).expect(200);
      expect(deleted.body).toEqual({ success: true, message: 'Catégorie supprimée avec succès !' });
      expect(await t.dataSource.getRepository(Category).existsBy({ id })).toBe(false);
    });

    it('refuses to delete a category in use, and lists with counts and search', async () => {
      const refs = await fx.refs(t);
      await fx.product(t, refs);
      await fx.product(t, refs);
      const used = await shop.delete(`/api/category/${refs.category.id}/delete`).expect(409);
      expect(used.body.message).toBe('Impossible de supprimer cette catégorie : 2 produits l’utilisent encore.');

      await fx.category(t, { designation: 'Équipements de Protection' });
      const list = await viewer.get(`/api/category?search=${encodeURIComponent('protection')}`).expect(200);
      expect(list.body.categories.per_page).toBe(8);
      expect(list.body.categories.data.map((c: { designation: string }) => c.designation)).toContain('Équipements de Protection');

      const all = await viewer.get('/api/category?per_page=100').expect(200);
      const row = all.body.categories.data.find((c: { id: number }) => c.id === refs.category.id);
      expect(row.products_count).toBe(2);
    });
  });

  describe('currencies', () => {
    it('lists the currencies for shop viewers only', async () => {
      await fx.currency(t, { name: 'Euro', symbol: '€', code: 'EUR' });
      const res = await viewer.get('/api/currencies').expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.currencies).toEqual(
        expect.arrayContaining([{ id: expect.any(Number), name: 'Euro', symbol: '€', code: 'EUR' }]),
      );
      const nobody = await signIn(t, {});
      await nobody.get('/api/currencies').expect(403);
    });
  });
});
