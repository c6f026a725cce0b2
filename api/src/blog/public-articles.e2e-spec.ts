import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { User } from '../admins/entities/user.entity.js';
import { Article } from './entities/article.entity.js';

describe(`public blog reads (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let published: Article;
  let draft: Article;
  let orphan: Article;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const articles = t.dataSource.getRepository(Article);
    const author = await t.dataSource.getRepository(User).findOneOrFail({ where: {}, order: { id: 'ASC' } });
    const base = { content: '<p>Contenu</p>', content_json: null, image: null, image_alt: null };
    published = await articles.save({
      ...base,
      title: 'Zèbre 100% industriel : le test',
      slug: 'zebre-100-industriel-le-test',
      status: 'Publié',
      user_id: author.id,
      published_at: new Date(Date.UTC(2030, 0, 2)),
    });
    draft = await articles.save({
      ...base,
      title: 'Brouillon secret zèbre',
      slug: 'brouillon-secret-zebre',
      status: 'Brouillon',
      user_id: author.id,
    });
    await articles.save({ ...base, title: 'Corbeille zèbre', slug: 'corbeille-zebre', status: 'Corbeille', user_id: author.id });
    orphan = await articles.save({
      ...base,
      title: 'Article sans auteur',
      slug: 'article-sans-auteur',
      status: 'Publié',
      user_id: null,
      published_at: new Date(Date.UTC(2030, 0, 1)),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists published articles only, newest first, in the page envelope', async () => {
    const res = await request(t.http).get('/api/article').expect(200);
    expect(res.body.success).toBe(true);
    const { blogs } = res.body;
    expect(Object.keys(blogs).sort()).toEqual(['current_page', 'data', 'last_page', 'per_page', 'total']);
    const publishedCount = await t.dataSource.getRepository(Article).countBy({ status: 'Publié' });
    expect(blogs.total).toBe(publishedCount);
    expect(blogs.data.every((a: { status: string }) => a.status === 'Publié')).toBe(true);
    const titles = blogs.data.map((a: { title: string }) => a.title);
    expect(titles).not.toContain('Brouillon secret zèbre');
    expect(titles).not.toContain('Corbeille zèbre');
    expect(titles.slice(0, 2)).toEqual(['Zèbre 100% industriel : le test', 'Article sans auteur']);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
  });

  it('never exposes an author’s e-mail, password hash or role', async () => {
    const res = await request(t.http).get('/api/article?per_page=100').expect(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/password|email|role_id|content_json/);
    const first = res.body.blogs.data[0];
    expect(Object.keys(first.user).sort()).toEqual(['firstname', 'id', 'image', 'image_variants', 'name', 'profession']);
  });

  it('pages with per_page (capped at 100) and searches titles case-insensitively', async () => {
    const page = await request(t.http).get('/api/article?per_page=2&page=2').expect(200);
    expect(page.body.blogs).toMatchObject({ current_page: 2, per_page: 2 });
    expect(page.body.blogs.data).toHaveLength(2);
    const capped = await request(t.http).get('/api/article?per_page=5000').expect(200);
    expect(capped.body.blogs.per_page).toBe(100);

    const found = await request(t.http).get('/api/article').query({ search: 'SANS AUTEUR' }).expect(200);
    expect(found.body.blogs.data.map((a: { slug: string }) => a.slug)).toEqual(['article-sans-auteur']);
    // The drafts match the word but stay hidden; "%" is a character, not a wildcard.
    const zebre = await request(t.http).get('/api/article').query({ search: '100%' }).expect(200);
    expect(zebre.body.blogs.data.map((a: { id: number }) => a.id)).toEqual([published.id]);
    const none = await request(t.http).get('/api/article').query({ search: 'introuvable-xyz' }).expect(200);
    expect(none.body.blogs).toMatchObject({ data: [], total: 0, last_page: 1 });
    expect(none.body.message).toBe('Aucun article trouvé');
  });

  it('refuses malformed paging with a French 422', async () => {
    const res = await request(t.http).get('/api/article?page=-3&per_page=abc').expect(422);
    expect(res.body.errors.page[0]).toBe('Le numéro de page doit être au moins 1.');
    expect(res.body.errors.per_page[0]).toBe('Le nombre d’éléments par page doit être un nombre entier.');
  });

  it('reads a published article by slug, with "Non défini" left to the site when it has no author', async () => {
    const res = await request(t.http).get(`/api/showBySlug/${published.slug}`).expect(200);
    expect(res.body).toMatchObject({ success: true, blog: { id: published.id, title: published.title, status: 'Publié' } });
    const noAuthor = await request(t.http).get(`/api/showBySlug/${orphan.slug}`).expect(200);
    expect(noAuthor.body.blog.user).toBeNull();
  });

  it('answers 404 in French for a draft, a deleted or an unknown slug', async () => {
    for (const slug of [draft.slug, 'corbeille-zebre', 'nope', '..%2F..%2Fetc']) {
      const res = await request(t.http).get(`/api/showBySlug/${slug}`).expect(404);
      expect(res.body).toEqual({ success: false, message: 'Article introuvable.' });
    }
  });

  it('gives a few other published articles, never the one being read', async () => {
    const res = await request(t.http).get(`/api/article/others/${published.id}`).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.blogs).toHaveLength(3);
    const ids = res.body.blogs.map((a: { id: number }) => a.id);
    expect(ids).not.toContain(published.id);
    expect(ids[0]).toBe(orphan.id);
    expect(res.body.blogs.every((a: { status: string }) => a.status === 'Publié')).toBe(true);
    const more = await request(t.http).get(`/api/article/others/${published.id}?limit=5`).expect(200);
    expect(more.body.blogs).toHaveLength(5);
    await request(t.http).get(`/api/article/others/${published.id}?limit=500`).expect(422);
  });

  it('answers 404 for a malformed article id', async () => {
    for (const id of ['abc', '-1', '0', '99999999999']) {
      const res = await request(t.http).get(`/api/article/others/${id}`).expect(404);
      expect(res.body.message).toBe('Article introuvable.');
    }
  });
});
