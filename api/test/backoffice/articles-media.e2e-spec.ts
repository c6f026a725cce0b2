import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import type { Test } from 'supertest';
import { Article } from '../../src/blog/entities/article.entity.js';
import { Media } from '../../src/media/entities/media.entity.js';
import { PublishingService } from '../../src/publishing/publishing.service.js';
import { signIn, type StaffClient } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import * as fx from './fixtures.js';
import { FAKE_PNG, SCRIPTED_SVG, filesIn, jpeg, oversized, png, stored } from './images.js';

const doc = (...blocks: unknown[]) => JSON.stringify({ time: 1718000000000, blocks, version: '2.30.0' });
const SIMPLE = doc({ type: 'paragraph', data: { text: 'Nos groupes électrogènes sont <b>robustes</b>.' } });

describe('back-office: articles and the editor media', () => {
  let t: TestApp;
  let writer: StaffClient;
  let notify: ReturnType<typeof jest.spyOn>;
  let cover: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    writer = await signIn(t, { blog: 'all' }, { firstname: 'Afi', name: 'Dossou' });
    cover = await jpeg(1600, 900);
    notify = jest.spyOn(t.app.get(PublishingService), 'notifyChange');
  });
  afterAll(async () => {
    notify.mockRestore();
    await t?.close();
  });
  afterEach(() => notify.mockClear());

  const create = (title: string, status: string, content = SIMPLE, image: Buffer | null = cover): Test => {
    const req = writer.post('/api/blog/create').field('title', title).field('content', content).field('status', status);
    return image ? req.attach('image', image, 'couverture.jpg') : req;
  };

  describe('writing articles', () => {
    it('requires a title and an image, with the spec messages', async () => {
      const res = await writer.post('/api/blog/create').field('title', '   ').field('content', SIMPLE).expect(422);
      expect(res.body.errors).toEqual({ title: ['Le titre est requis.'], image: ['Une image est requise.'] });
      const status = await create('Titre', 'Archivé').expect(422);
      expect(status.body.errors).toEqual({ status: ['Le statut doit être Brouillon, Publié ou Corbeille.'] });
    });

    it('checks the Editor.js document: shape, block types, image and embed addresses', async () => {
      const notJson = await create('Titre', 'Brouillon', '{pas du json').expect(422);
      expect(notJson.body.errors).toEqual({ content: ['Le contenu de l’article est invalide (JSON attendu).'] });
      const raw = await create('Titre', 'Brouillon', doc({ type: 'raw', data: { html: '<script>x</script>' } })).expect(422);
      expect(raw.body.errors).toEqual({ content: ['Le bloc « raw » n’est pas pris en charge par l’éditeur.'] });
      const image = await create(
        'Titre',
        'Brouillon',
        doc({ type: 'image', data: { file: { url: 'javascript:alert(1)' } } }),
      ).expect(422);
      expect(image.body.errors.content[0]).toMatch(/adresse https/);
      const embed = await create('Titre', 'Brouillon', doc({ type: 'embed', data: { embed: 'https://evil.example/x' } })).expect(
        422,
      );
      expect(embed.body.errors).toEqual({ content: ['Seules les vidéos YouTube et Vimeo peuvent être intégrées.'] });
      expect(filesIn(t, 'articles')).toEqual([]);
    });

    it('publishes: slug from the title, author from the session, sanitised HTML, rebuild requested', async () => {
      const res = await create('Électricité : nos Groupes électrogènes !', 'Publié').expect(201);
      expect(res.body).toMatchObject({ success: true, message: 'Article publié' });
      const blog = res.body.blog;
      expect(blog).toMatchObject({
        title: 'Électricité : nos Groupes électrogènes !',
        slug: 'electricite-nos-groupes-electrogenes',
        status: 'Publié',
        content: '<p>Nos groupes électrogènes sont <b>robustes</b>.</p>',
        content_json: { blocks: [{ type: 'paragraph', data: { text: 'Nos groupes électrogènes sont <b>robustes</b>.' } }] },
        user: { id: writer.user!.id, firstname: 'Afi', name: 'Dossou', image: null },
        image_alt: null,
      });
      expect(blog.published_at).toEqual(expect.any(String));
      expect(stored(t, blog.image)).toBe(true);
      expect(stored(t, blog.image_variants['800'])).toBe(true);
      expect(notify).toHaveBeenCalledWith('article.published', 'Article « Électricité : nos Groupes électrogènes ! » publié');
      expect(JSON.stringify(res.body)).not.toMatch(/password|email/);
    });

    it('keeps the slug unique with -2, -3 … and keeps it when the title changes', async () => {
      const a = (await create('Sécurité au travail', 'Brouillon').expect(201)).body.blog;
      const b = (await create('Sécurité au travail', 'Brouillon').expect(201)).body.blog;
      const c = (await create('Sécurité  au  travail !', 'Brouillon').expect(201)).body.blog;
      expect([a.slug, b.slug, c.slug]).toEqual(['securite-au-travail', 'securite-au-travail-2', 'securite-au-travail-3']);

      const renamed = await writer
        .post(`/api/blog/${a.id}/update`)
        .field('_method', 'PUT')
        .field('title', 'Sécurité sur les chantiers')
        .field('content', SIMPLE)
        .field('status', 'Brouillon')
        .expect(200);
      expect(renamed.body).toMatchObject({
        message: 'Article mis à jour.',
        blog: { title: 'Sécurité sur les chantiers', slug: 'securite-au-travail', image: a.image },
      });

      // Two editors saving the same new title at the same instant still get two addresses.
      const [x, y] = await Promise.all([create('Titre simultané', 'Brouillon'), create('Titre simultané', 'Brouillon')]);
      expect([x.status, y.status]).toEqual([201, 201]);
      expect(new Set([x.body.blog.slug, y.body.blog.slug])).toEqual(new Set(['titre-simultane', 'titre-simultane-2']));
    });

    it('never lets a script from the editor reach the public page', async () => {
      const evil = doc(
        { type: 'paragraph', data: { text: 'Bonjour<script>alert(document.cookie)</script>' } },
        { type: 'paragraph', data: { text: '<img src=x onerror="alert(1)"><a href="javascript:alert(2)">clic</a>' } },
        { type: 'header', data: { text: '<span onmouseover="alert(3)">Titre</span>', level: 2 } },
        {
          type: 'list',
          data: { style: 'unordered', items: [{ content: '<iframe src="https://evil.example"></iframe>point', items: [] }] },
        },
      );
      const res = await create('Article piégé', 'Publié', evil).expect(201);
      const { slug, content, content_json } = res.body.blog;
      for (const html of [content, JSON.stringify(content_json)])
        expect(html).not.toMatch(/<script|onerror|onmouseover|javascript:|evil\.example/i);

      const stored = await t.dataSource.getRepository(Article).findOneByOrFail({ slug });
      expect(stored.content).not.toMatch(/<script|onerror|javascript:/i);
      const page = await request(t.http).get(`/api/showBySlug/${slug}`).expect(200);
      expect(page.body.blog.content).toContain('<p>Bonjour</p>');
      expect(page.body.blog.content).not.toMatch(/<script|onerror|onmouseover|javascript:|<iframe/i);
    });

    it('saves drafts and trash without a rebuild; unpublishing, updating while published and deleting ask for one', async () => {
      const draft = await create('Brouillon discret', 'Brouillon').expect(201);
      expect(draft.body.message).toBe('Article enregistré en brouillon.');
      expect(draft.body.blog.published_at).toBeNull();
      const trash = await create('À jeter', 'Corbeille').expect(201);
      expect(trash.body.message).toBe('Article déplacé dans la corbeille.');
      expect(notify).not.toHaveBeenCalled();
      await request(t.http).get(`/api/showBySlug/${draft.body.blog.slug}`).expect(404);

      const id = draft.body.blog.id;
      const update = (status: string, extra: (r: Test) => Test = (r) => r) =>
        extra(
          writer
            .post(`/api/blog/${id}/update`)
            .field('title', 'Brouillon discret')
            .field('content', SIMPLE)
            .field('status', status),
        );

      await update('Brouillon').expect(200);
      expect(notify).not.toHaveBeenCalled();
      await update('Publié').expect(200);
      expect(notify).toHaveBeenLastCalledWith('article.published', 'Article « Brouillon discret » publié');
      const firstPublished = (await t.dataSource.getRepository(Article).findOneByOrFail({ id })).published_at;
      await update('Publié', (r) => r.field('image_alt', 'Un groupe électrogène')).expect(200);
      expect(notify).toHaveBeenLastCalledWith('article.updated', 'Article « Brouillon discret » mis à jour');
      await update('Corbeille').expect(200);
      expect(notify).toHaveBeenLastCalledWith('article.unpublished', 'Article « Brouillon discret » retiré du site');
      const after = await t.dataSource.getRepository(Article).findOneByOrFail({ id });
      expect(after).toMatchObject({ status: 'Corbeille', image_alt: 'Un groupe électrogène' });
      expect(after.published_at).toEqual(firstPublished);
      expect(notify).toHaveBeenCalledTimes(3);

      notify.mockClear();
      await writer.delete(`/api/blog/${id}/delete`).expect(200);
      expect(notify).not.toHaveBeenCalled();
      const published = (await create('Publié puis supprimé', 'Publié').expect(201)).body.blog;
      notify.mockClear();
      const deleted = await writer.delete(`/api/blog/${published.id}/delete`).expect(200);
      expect(deleted.body).toEqual({ success: true, message: 'Article supprimé avec succès !' });
      expect(stored(t, published.image)).toBe(false);
      expect(stored(t, published.image_variants['400'])).toBe(false);
      expect(notify).toHaveBeenCalledWith('article.deleted', 'Article « Publié puis supprimé » supprimé');
      await writer.delete(`/api/blog/${published.id}/delete`).expect(404);
    });

    it('replaces the cover only when a new file comes, and requires one when the article has none', async () => {
      const a = (await create('Couverture', 'Brouillon').expect(201)).body.blog;
      const kept = await writer
        .post(`/api/blog/${a.id}/update`)
        .field('title', 'Couverture')
        .field('status', 'Brouillon')
        .expect(200);
      expect(kept.body.blog).toMatchObject({ image: a.image, content: a.content });
      const replaced = await writer
        .post(`/api/blog/${a.id}/update`)
        .field('title', 'Couverture')
        .attach('image', await png(800, 400), 'nouvelle.png')
        .expect(200);
      expect(replaced.body.blog.image).not.toBe(a.image);
      expect(stored(t, a.image)).toBe(false);

      const bare = await fx.article(t, { image: null });
      const res = await writer.post(`/api/blog/${bare.id}/update`).field('title', 'Sans image').expect(422);
      expect(res.body.errors).toEqual({ image: ['Une image est requise.'] });
      const bad = await writer
        .post(`/api/blog/${a.id}/update`)
        .field('title', 'x')
        .attach('image', SCRIPTED_SVG, 'x.svg')
        .expect(422);
      expect(bad.body.errors.image).toHaveLength(1);
    });
  });

  describe('reading articles', () => {
    it('lists 8 per page, newest first, with search on the title and a status filter', async () => {
      for (let i = 0; i < 10; i++)
        await fx.article(t, { title: `Maintenance préventive ${i}`, status: i < 3 ? 'Publié' : 'Brouillon' });
      const list = await writer.get('/api/blog?search=MAINTENANCE').expect(200);
      expect(list.body).toMatchObject({ success: true, blogs: { total: 10, per_page: 8, last_page: 2, current_page: 1 } });
      expect(list.body.blogs.data[0].title).toBe('Maintenance préventive 9');
      expect(list.body.blogs.data[0]).toHaveProperty('user');
      const published = await writer.get('/api/blog?search=maintenance&status=Publi%C3%A9').expect(200);
      expect(published.body.blogs.total).toBe(3);
      const one = await writer.get(`/api/blog/${list.body.blogs.data[0].id}`).expect(200);
      expect(one.body.blog).toMatchObject({ title: 'Maintenance préventive 9', content: '<p>Texte</p>', content_json: null });
      await writer.get('/api/blog/999999').expect(404);
    });

    it('needs blog view, create, edit, delete for the matching action', async () => {
      const reader = await signIn(t, { blog: ['view'] });
      await reader.get('/api/blog').expect(200);
      const res = await reader.post('/api/blog/create').field('title', 'x').expect(403);
      expect(res.body.message).toBe("Vous n'avez pas la permission d'effectuer cette action.");
      await (await signIn(t, { shop: 'all' })).get('/api/blog').expect(403);
    });
  });

  describe('media uploads', () => {
    it('stores an image for the media picker and for Editor.js, and lists it', async () => {
      const res = await writer
        .post('/api/upload-media')
        .attach('file', await png(1000, 500), 'schéma.png')
        .expect(200);
      expect(res.body).toMatchObject({ success: 1, location: expect.stringMatching(/^\/storage\/media\/[0-9a-f-]{36}\.png$/) });
      expect(res.body.file.url).toBe(res.body.location);
      expect(res.body.media).toMatchObject({ original_name: 'schéma.png', mime: 'image/png', width: 1000, height: 500 });
      expect(stored(t, res.body.media.path)).toBe(true);
      expect(stored(t, res.body.media.image_variants['400'])).toBe(true);
      const row = await t.dataSource.getRepository(Media).findOneByOrFail({ id: res.body.media.id });
      expect(row.user_id).toBe(writer.user!.id);

      const byFile = await writer
        .post('/api/upload-image')
        .attach('image', await jpeg(300, 200), 'photo.jpg')
        .expect(200);
      expect(byFile.body).toMatchObject({ success: 1, file: { url: expect.stringMatching(/^\/storage\/media\/.+\.jpg$/) } });

      // The uploaded address is accepted by the article renderer.
      const article = await create(
        'Avec illustration',
        'Brouillon',
        doc({ type: 'image', data: { file: { url: byFile.body.file.url }, caption: 'Photo' } }),
      ).expect(201);
      expect(article.body.blog.content).toContain(`<img src="${byFile.body.file.url}" alt="Photo"`);

      const list = await writer.get('/api/media?per_page=1').expect(200);
      expect(list.body.media).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
      expect(list.body.media.data[0].id).toBe(byFile.body.media.id);
      const search = await writer.get('/api/media?search=sch%C3%A9ma').expect(200);
      expect(search.body.media.data.map((m: { original_name: string }) => m.original_name)).toEqual(['schéma.png']);
    });

    it('makes resized WebP copies of an editor image and lists only copies that exist', async () => {
      // A large pasted screenshot: the answer names the 400 and 800 px copies, each served.
      const res = await writer
        .post('/api/upload-image')
        .attach('image', await png(2400, 1200), 'capture.png')
        .expect(200);
      expect(res.body.media).toMatchObject({ width: 2400, height: 1200, mime: 'image/png' });
      const variants = res.body.media.image_variants as Record<string, string>;
      expect(Object.keys(variants).sort()).toEqual(['400', '800']);
      for (const [width, path] of Object.entries(variants)) {
        expect(path).toMatch(new RegExp(`^media/[0-9a-f-]{36}-${width}\\.webp$`));
        const file = await request(t.http).get(`/storage/${path}`).expect(200);
        expect(file.headers['content-type']).toMatch(/^image\/webp/);
        expect(file.body.length).toBeLessThan(res.body.media.size);
      }
      // An SVG scales by itself: no copies announced.
      const svg = await writer
        .post('/api/upload-image')
        .attach(
          'image',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
          'a.svg',
        )
        .expect(200);
      expect(svg.body.media.image_variants).toBeNull();
    });

    it('refuses an editor image with the French message under `image`, storing nothing', async () => {
      const before = filesIn(t, 'media');
      const fake = await writer.post('/api/upload-image').attach('image', FAKE_PNG, 'x.png').expect(422);
      expect(fake.body.errors).toEqual({ image: ['Format invalide. Formats acceptés : PNG, JPG, JPEG, SVG, WEBP.'] });
      const big = await writer.post('/api/upload-image').attach('image', oversized(), 'grand.png').expect(422);
      expect(big.body.errors).toEqual({ image: ["L'image ne doit pas dépasser 5MB."] });
      const none = await writer.post('/api/upload-image').expect(422);
      expect(none.body.errors).toEqual({ image: ['Une image est requise.'] });
      expect(filesIn(t, 'media')).toEqual(before);
    });

    it('keeps the alt text typed for an editor image, shows it on the page, and checks it', async () => {
      const upload = await writer
        .post('/api/upload-image')
        .attach('image', await png(1200, 600), 'groupe.png')
        .expect(200);
      const url = upload.body.file.url as string;
      const image = (data: Record<string, unknown>) =>
        doc({ type: 'image', data: { file: { url, width: 1200, height: 600 }, caption: 'Le <i>groupe</i>', ...data } });
      const created = await create('Image décrite', 'Publié', image({ alt: 'Un groupe électrogène sur un chantier' })).expect(
        201,
      );
      const blog = created.body.blog;
      expect(blog.content).toContain(`<img src="${url}" alt="Un groupe électrogène sur un chantier" width="1200" height="600"`);
      // Reopened in the editor: the document still carries it.
      const reopened = await writer.get(`/api/blog/${blog.id}`).expect(200);
      expect(reopened.body.blog.content_json.blocks[0].data).toMatchObject({
        file: { url, width: 1200, height: 600 },
        alt: 'Un groupe électrogène sur un chantier',
        caption: 'Le <i>groupe</i>',
      });
      const page = await request(t.http).get(`/api/showBySlug/${blog.slug}`).expect(200);
      expect(page.body.blog.content).toContain('alt="Un groupe électrogène sur un chantier"');

      // Refused in French, the article unchanged.
      const update = (content: string) =>
        writer
          .post(`/api/blog/${blog.id}/update`)
          .field('_method', 'PUT')
          .field('title', 'Image décrite')
          .field('content', content);
      const long = await update(image({ alt: 'x'.repeat(256) })).expect(422);
      expect(long.body.errors.content).toEqual(['Le texte alternatif d’une image ne doit pas dépasser 255 caractères.']);
      const notText = await update(image({ alt: ['x'] })).expect(422);
      expect(notText.body.errors.content).toEqual(['Le texte alternatif d’une image doit être un texte.']);
      expect((await writer.get(`/api/blog/${blog.id}`).expect(200)).body.blog.content).toBe(blog.content);

      // No alt: the caption's text, never the file's name.
      const noAlt = await update(image({ alt: '' })).expect(200);
      expect(noAlt.body.blog.content).toContain(`<img src="${url}" alt="Le groupe"`);
    });

    it('completes the size of an image inserted without it from the media library', async () => {
      const upload = await writer
        .post('/api/upload-media')
        .attach('file', await png(900, 300), 'bandeau.png')
        .expect(200);
      const url = upload.body.location as string;
      const created = await create(
        'Image sans taille',
        'Brouillon',
        doc(
          { type: 'image', data: { file: { url }, caption: '' } },
          { type: 'image', data: { file: { url: 'https://cdn.exemple.tg/a.png' } } },
        ),
      ).expect(201);
      expect(created.body.blog.content).toContain(`<img src="${url}" alt="" width="900" height="300"`);
      expect(created.body.blog.content).toContain('<img src="https://cdn.exemple.tg/a.png" alt="" loading="lazy"');
      const reopened = await writer.get(`/api/blog/${created.body.blog.id}`).expect(200);
      expect(reopened.body.blog.content_json.blocks[0].data.file).toEqual({ url, width: 900, height: 300 });
    });

    it('refuses what is not an image, and needs blog create or edit', async () => {
      const before = filesIn(t, 'media');
      const fake = await writer.post('/api/upload-media').attach('file', FAKE_PNG, 'x.png').expect(422);
      expect(fake.body.errors).toEqual({ file: ['Format invalide. Formats acceptés : PNG, JPG, JPEG, SVG, WEBP.'] });
      const none = await writer.post('/api/upload-media').expect(422);
      expect(none.body.errors).toEqual({ file: ['Une image est requise.'] });
      expect(filesIn(t, 'media')).toEqual(before);

      const reader = await signIn(t, { blog: ['view', 'delete'] });
      await reader
        .post('/api/upload-media')
        .attach('file', await png(10, 10), 'a.png')
        .expect(403);
      await reader
        .post('/api/upload-image')
        .attach('image', await png(10, 10), 'a.png')
        .expect(403);
      const editorOnly = await signIn(t, { blog: ['edit'] });
      await editorOnly
        .post('/api/upload-image')
        .attach('image', await png(10, 10), 'a.png')
        .expect(200);
      const creatorOnly = await signIn(t, { blog: ['create'] });
      await creatorOnly
        .post('/api/upload-media')
        .attach('file', await png(10, 10), 'a.png')
        .expect(200);
      await request(t.http)
        .post('/api/upload-media')
        .attach('file', await png(10, 10), 'a.png')
        .expect((r) => expect([401, 419]).toContain(r.status));
    });
  });
});
