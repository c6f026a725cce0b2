// Conventional addresses: /sitemap.xml and /favicon.ico lead to what the site builds;
// the not-found page asked for by name still answers 404 (never a 200 "page").
import { expect, test } from '@playwright/test';

test('sitemap.xml and favicon.ico are served, /404 is not a page', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.url()).toMatch(/\/sitemap-index\.xml$/);
  expect(await sitemap.text()).toContain('<sitemapindex');

  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/image\//);

  for (const path of ['/404', '/404.html']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain('<html');
  }
});
