import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Test } from 'supertest';
import { OrderItem } from '../../src/orders/entities/order-item.entity.js';
import { Product } from '../../src/catalogue/entities/product.entity.js';
import { PublishingService } from '../../src/publishing/publishing.service.js';
import { signIn, type StaffClient } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import * as fx from './fixtures.js';
import { FAKE_PNG, filesIn, jpeg, oversized, png, stored, webp } from './images.js';

describe('back-office: products', () => {
  let t: TestApp;
  let shop: StaffClient;
  let refs: fx.ProductRefs;
  let notify: ReturnType<typeof jest.spyOn> | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await signIn(t, { shop: 'all' });
    refs = await fx.refs(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => notify?.mockRestore());

  const spyPublishing = () => (notify = jest.spyOn(t.app.get(PublishingService), 'notifyChange'));

  const fields = (req: Test, values: Record<string, string | number> = {}) => {
    const all = {
      name: 'Groupe électrogène 20 kVA',
      reference: 'GE-20K',
      stock: 12,
      price: '1250000.5',
      brand_id: refs.brand.id,
      category_id: refs.category.id,
      currency_id: refs.currency.id,
      description: 'Groupe diesel insonorisé, démarrage automatique.',
      ...values,
    };
    for (const [k, v] of Object.entries(all)) req.field(k, String(v));
    return req;
  };

  it('lists every missing field with the spec messages, image included', async () => {
    const res = await shop.post('/api/product/create').field('name', '').expect(422);
    expect(res.body.errors).toEqual({
      name: ['Le nom est requis.'],
      reference: ['La référence est requise.'],
      stock: ['La quantité est requise.'],
      price: ['Le prix est requis.'],
      brand_id: ['La marque est requise.'],
      category_id: ['La catégorie est requise.'],
      currency_id: ['La devise est requise.'],
      description: ['La description est requise.'],
      images: ["L'image est requise."],
    });
  });

  it('checks numbers, references and the 275-character description', async () => {
    const image = await png(200, 200);
    const res = await fields(shop.post('/api/product/create'), {
      stock: '-3',
      price: '12.345',
      brand_id: 999999,
      description: 'd'.repeat(276),
    })
      .attach('images[0]', image, 'a.png')
      .expect(422);
    expect(res.body.errors).toEqual({
      stock: ['La quantité doit être un nombre entier positif ou nul.'],
      price: ['Le prix doit être un nombre positif avec au plus deux décimales.'],
      description: ['La description ne doit pas dépasser 275 caractères.'],
    });
    const missing = await fields(shop.post('/api/product/create'), { brand_id: 999999, currency_id: 888888 })
      .attach('images[0]', image, 'a.png')
      .expect(422);
    expect(missing.body.errors).toEqual({
      brand_id: ['La marque sélectionnée n’existe pas.'],
      currency_id: ['La devise sélectionnée n’existe pas.'],
    });
    expect(filesIn(t, 'products')).toEqual([]);
  });

  it('accepts 1 to 5 images, each checked on its content', async () => {
    const image = await png(200, 200);
    const six = fields(shop.post('/api/product/create'));
    for (let i = 0; i < 6; i++) six.attach(`images[${i}]`, image, `p${i}.png`);
    const tooMany = await six.expect(422);
    expect(tooMany.body.errors).toEqual({ images: ['Vous devez sélectionner entre 1 et 5 images.'] });

    const seven = fields(shop.post('/api/product/create'));
    for (let i = 0; i < 7; i++) seven.attach('images', image, `p${i}.png`);
    expect((await seven.expect(422)).body.errors).toEqual({ images: ['Vous devez sélectionner entre 1 et 5 images.'] });

    const bad = await fields(shop.post('/api/product/create'))
      .attach('images[0]', image, 'ok.png')
      .attach('images[1]', FAKE_PNG, 'faux.jpg')
      .expect(422);
    expect(bad.body.errors).toEqual({ images: ['Certaines images ont un format invalide ou dépassent 5MB.'] });

    const big = await fields(shop.post('/api/product/create')).attach('images[0]', oversized(), 'big.png').expect(422);
    expect(big.body.errors).toEqual({ images: ['Certaines images ont un format invalide ou dépassent 5MB.'] });
    expect(filesIn(t, 'products')).toEqual([]);
  });

  it('creates a product with its images in order, exact price, and a rebuild request', async () => {
    const spy = spyPublishing();
    const res = await fields(shop.post('/api/product/create'))
      .attach('images[0]', await jpeg(), 'face.jpg')
      .attach('images[1]', await webp(), 'dos.webp')
      .expect(201);
    expect(res.body).toMatchObject({ success: true, message: 'Produit ajouté avec succès !' });
    const product = res.body.product;
    expect(product).toMatchObject({
      name: 'Groupe électrogène 20 kVA',
      reference: 'GE-20K',
      stock: 12,
      price: '1250000.50',
      in_spotlight: false,
      brand: { id: refs.brand.id, name: refs.brand.name },
      category: { id: refs.category.id, designation: refs.category.designation },
      currency: { id: refs.currency.id, symbol: refs.currency.symbol },
    });
    expect(product.images.map((i: { image_path: string }) => i.image_path.split('.').pop())).toEqual(['jpg', 'webp']);
    expect(product.images.map((i: { position: number }) => i.position)).toEqual([0, 1]);
    for (const image of product.images) {
      expect(stored(t, image.image_path)).toBe(true);
      expect(stored(t, image.image_variants['800'])).toBe(true);
    }
    expect(spy).toHaveBeenCalledWith('product.created', 'Produit « Groupe électrogène 20 kVA » ajouté');

    // The public list shows it (the dashboard's products table reads GET /api/product).
    const listed = await shop.get('/api/product?search=ge-20k&per_page=8').expect(200);
    expect(listed.body.products.data.map((p: { id: number }) => p.id)).toContain(product.id);
  });

  it('updates: keeps the images unless new ones come, which then replace all the old ones', async () => {
    const created = (
      await fields(shop.post('/api/product/create'))
        .attach('images[0]', await png(), 'a.png')
        .attach('images[1]', await png(), 'b.png')
    ).body.product;
    const other = await fx.brand(t, { name: 'Grundfos' });

    const spy = spyPublishing();
    const kept = await shop
      .post(`/api/product/${created.id}/update`)
      .field('_method', 'PUT')
      .field('name', 'Groupe électrogène 22 kVA')
      .field('reference', 'GE-22K')
      .field('stock', '0')
      .field('price', '1300000')
      .field('brand_id', String(other.id))
      .field('description', 'Nouvelle version.')
      .expect(200);
    expect(kept.body).toMatchObject({ success: true, message: 'Produit mis à jour avec succès !' });
    // Category and currency not sent: the current ones stay.
    expect(kept.body.product).toMatchObject({
      name: 'Groupe électrogène 22 kVA',
      stock: 0,
      price: '1300000.00',
      brand_id: other.id,
      category_id: refs.category.id,
      currency_id: refs.currency.id,
    });
    expect(kept.body.product.images.map((i: { image_path: string }) => i.image_path)).toEqual(
      created.images.map((i: { image_path: string }) => i.image_path),
    );
    expect(spy).toHaveBeenCalledWith('product.updated', 'Produit « Groupe électrogène 22 kVA » mis à jour');

    const replaced = await fields(shop.post(`/api/product/${created.id}/update`))
      .attach('images[0]', await webp(), 'neuf.webp')
      .expect(200);
    expect(replaced.body.product.images).toHaveLength(1);
    expect(replaced.body.product.images[0].image_path).toMatch(/\.webp$/);
    for (const old of created.images) {
      expect(stored(t, old.image_path)).toBe(false);
      expect(stored(t, old.image_variants['400'])).toBe(false);
    }

    const six = fields(shop.post(`/api/product/${created.id}/update`));
    for (let i = 0; i < 6; i++) six.attach(`images[${i}]`, await png(50, 50), `p${i}.png`);
    expect((await six.expect(422)).body.errors).toEqual({ images: ['Vous devez sélectionner entre 1 et 5 images.'] });
    await fields(shop.post('/api/product/999999/update')).expect(404);
  });

  it('toggles the popular flag and says which way', async () => {
    const product = await fx.product(t, refs);
    const spy = spyPublishing();
    const on = await shop.patch(`/api/product/${product.id}/add-spotlight`).expect(200);
    expect(on.body).toMatchObject({ success: true, message: 'Produit ajouté aux populaires avec succès.', in_spotlight: true });
    const off = await shop.patch(`/api/product/${product.id}/add-spotlight`).expect(200);
    expect(off.body).toMatchObject({ message: 'Produit retiré des populaires avec succès.', in_spotlight: false });
    expect(spy).toHaveBeenCalledTimes(2);

    // Two clicks at the same time are two flips: back where it started, never a lost update.
    await Promise.all([
      shop.patch(`/api/product/${product.id}/add-spotlight`),
      shop.patch(`/api/product/${product.id}/add-spotlight`),
    ]);
    expect((await t.dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).in_spotlight).toBe(false);
    await shop.patch('/api/product/999999/add-spotlight').expect(404);
  });

  it('deletes a product and its files; orders keep their lines by name', async () => {
    const created = (
      await fields(shop.post('/api/product/create'), { name: 'Compresseur 500 L' }).attach('images[0]', await png(), 'a.png')
    ).body.product;
    const ordered = await fx.order(t, [
      { product: await t.dataSource.getRepository(Product).findOneByOrFail({ id: created.id }), quantity: 2 },
    ]);

    const spy = spyPublishing();
    const res = await shop.delete(`/api/product/${created.id}/delete`).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Produit supprimé avec succès !' });
    expect(stored(t, created.images[0].image_path)).toBe(false);
    expect(spy).toHaveBeenCalledWith('product.deleted', 'Produit « Compresseur 500 L » supprimé');

    const items = await t.dataSource.getRepository(OrderItem).findBy({ order_id: ordered.id });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ product_id: null, product_name: 'Compresseur 500 L', quantity: 2 });
    await shop.delete(`/api/product/${created.id}/delete`).expect(404);
  });

  it('needs shop create / edit / delete for the matching action', async () => {
    const product = await fx.product(t, refs);
    const viewer = await signIn(t, { shop: ['view'] });
    await fields(viewer.post('/api/product/create')).expect(403);
    await viewer.post(`/api/product/${product.id}/update`).expect(403);
    await viewer.patch(`/api/product/${product.id}/add-spotlight`).expect(403);
    await viewer.delete(`/api/product/${product.id}/delete`).expect(403);
    const editor = await signIn(t, { shop: ['view', 'edit'] });
    await editor.patch(`/api/product/${product.id}/add-spotlight`).expect(200);
    await editor.delete(`/api/product/${product.id}/delete`).expect(403);
  });
});
