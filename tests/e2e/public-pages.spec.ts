import { expect, test } from '@playwright/test';
import http from 'node:http';
import zlib from 'node:zlib';
import { apiJson, holdRequests, islandsReady, query, scrollThrough } from './public-helpers.js';

interface ApiArticle {
  id: number;
  title: string;
  slug: string;
  user: { firstname: string; name: string } | null;
  published_at: string | null;
  created_at: string;
}

/** An answer as it travels (fetch would decompress it): status, headers, the bytes a phone downloads. */
function rawGet(url: URL, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const FRENCH_DATE = /^\d{2} (janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|nov\.|déc\.) \d{4}$/;

test.describe('public pages', () => {
  test('every page has its title, description, the shared header and footer', async ({ page }) => {
    const pages: [string, RegExp][] = [
      ['/', /Comptoir Industriel du Togo : équipements/],
      ['/about', /^À propos \| /],
      ['/contact', /^Contact \| /],
      ['/blog', /^Actualités \| /],
      ['/catalogue', /^Boutique \| /],
    ];
    for (const [path, title] of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/' : path}$`));
      await expect(page.locator('h1')).toHaveCount(1);
      const header = page.locator('header').first();
      const nav = header.getByRole('navigation', { name: 'Navigation principale' });
      for (const [name, href] of [
        ['Accueil', '/'],
        ['À propos', '/about'],
        ['Contact', '/contact'],
        ['Actualités', '/blog'],
      ]) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await expect(header.getByRole('link', { name: 'Boutique' }).first()).toHaveAttribute('href', '/catalogue');
      await expect(header.getByText('Fr', { exact: true })).toBeVisible();
      const footer = page.locator('footer');
      await expect(footer).toContainText('© 2024 Comptoir Industriel du Togo');
      await expect(footer.getByRole('link', { name: 'contact@comptoir.example' })).toHaveAttribute(
        'href',
        'mailto:contact@comptoir.example',
      );
      await expect(footer.getByRole('link', { name: '+228 90 00 00 01' })).toHaveAttribute('href', 'tel:+22890000001');
      await expect(footer).toContainText('Lomé-Togo, Agoe Cacaveli');
      await expect(footer.getByPlaceholder('Votre adresse email')).toBeVisible();
    }
  });

  test('the contact page lists how to reach the company, each line with its icon', async ({ page }) => {
    // The demo company of the test server (site/src/lib/company.ts defaults, as the footer test above).
    const company = {
      email: 'contact@comptoir.example',
      address: 'Lomé-Togo, Agoe Cacaveli',
      phones: ['+228 90 00 00 01', '+228 22 00 00 02'],
    };
    await page.goto('/contact');
    const panel = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Nos informations' }) });
    const lines = panel.getByRole('listitem');
    await expect(lines).toHaveCount(2 + company.phones.length);
    await expect(lines.nth(0).getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
    await expect(lines.nth(1)).toHaveText(company.address);
    for (const [i, phone] of company.phones.entries()) {
      await expect(lines.nth(2 + i).getByRole('link', { name: phone })).toHaveAttribute('href', /^tel:\+?\d+$/);
    }
    // The icons are decoration: one per line, hidden from screen readers, and drawn (not empty).
    for (const line of await lines.all()) {
      const icon = line.locator('svg[aria-hidden="true"]');
      await expect(icon).toHaveCount(1);
      expect(await icon.locator('path, circle').count()).toBeGreaterThan(0);
    }
  });

  test('the contact map loads only once the visitor scrolls to it (and without JavaScript too)', async ({ browser }) => {
    const mapRequest = (url: URL) => /maps\.google\.com|openstreetmap\.org/.test(url.hostname);
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await phone.newPage();
    const asked: string[] = [];
    // No internet in tests: the map's host is answered here, which also records that it was asked.
    await page.route(mapRequest, (route) => {
      asked.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<p>carte</p>' });
    });
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    const box = page.locator('section', { has: page.getByRole('heading', { name: 'Plan d’accès' }) });
    await expect(box.locator('iframe')).toHaveCount(0);
    expect(asked).toEqual([]);
    await box.scrollIntoViewIfNeeded();
    const frame = box.locator('iframe');
    await expect(frame).toHaveAttribute('title', 'Carte : Lomé-Togo, Agoe Cacaveli');
    await expect(frame).toHaveAttribute('src', /maps\.google\.com\/maps\?q=Agoe/);
    await expect.poll(() => asked.length).toBe(1);
    await expect(page.frameLocator('iframe[title^="Carte"]').getByText('carte')).toBeVisible();
    await phone.close();

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.route(mapRequest, (route) => route.fulfill({ contentType: 'text/html', body: '<p>carte</p>' }));
    await plain.goto('/contact');
    await expect(plain.locator('iframe[title="Carte : Lomé-Togo, Agoe Cacaveli"]')).toHaveCount(1);
    await noScript.close();
  });

  // The home page too: its address (`/`) is the folder, not a file name.
  for (const address of ['/about', '/']) {
    test(`pages travel at brotli’s best once compressed: about 14 % lighter, same page, same ETag, 304 on revalidation (${address})`, async ({
      baseURL,
    }) => {
      const get = (headers: Record<string, string>) => rawGet(new URL(address, baseURL), headers);
      const plain = await get({});
      expect(plain.headers['content-encoding']).toBeUndefined();
      const best = zlib.brotliCompressSync(plain.body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      });
      // The first visits of a page (maybe made by other tests already) are compressed on the fly, at the
      // compression middleware's brotli quality (4), while the page is compressed once in the background.
      const perRequest = zlib.brotliCompressSync(plain.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
      expect((await get({ 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
      // The background work goes through the release's pages one after another: on a busy machine that
      // can take longer than one expectation's usual wait.
      await expect
        .poll(async () => (await get({ 'accept-encoding': 'gzip, deflate, br' })).body.length, { timeout: 150_000 })
        .toBe(best.length);
      const stored = await get({ 'accept-encoding': 'gzip, deflate, br' });
      expect(stored.body.length).toBeLessThan(perRequest.length * 0.95);
      expect(zlib.brotliDecompressSync(stored.body).equals(plain.body)).toBe(true);
      expect(stored.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(stored.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
      expect(stored.headers['cache-control']).toBe(plain.headers['cache-control']);
      expect(stored.headers.etag).toBe(plain.headers.etag);
      expect((await get({ 'accept-encoding': 'br', 'if-none-match': stored.headers.etag! })).status).toBe(304);
      // A browser without brotli still gets gzip, and a client that asks for no encoding the page itself.
      expect((await get({ 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
      expect((await get({})).body.equals(plain.body)).toBe(true);
    });
  }

  test('the site’s pages go without an opener policy, which cost every arrival a new renderer process; the dashboard keeps it', async ({
    baseURL,
  }) => {
    const headersOf = (address: string, headers: Record<string, string> = {}) => rawGet(new URL(address, baseURL), headers);
    const product = /href="(\/product\/\d+)"/.exec(await (await fetch(new URL('/catalogue', baseURL))).text())?.[1];
    expect(product).toBeTruthy();
    const inline = await (await fetch(new URL(product!, baseURL))).text();
    const framework = /<script type="text\/plain" data-framework="([\w-]{8})">/.exec(inline)?.[1];
    expect(framework).toBeTruthy();
    // Each way a page leaves the app: as a file, from the brotli store, as the file variant of a browser
    // that keeps React (its cookie), as the not-found page, as the catalogue filtered without JavaScript;
    // the client's pages too (their token stays in the tab's sessionStorage).
    const shared: [string, Record<string, string>][] = [
      ['/', {}],
      ['/about', { 'accept-encoding': 'br' }],
      ['/catalogue', {}],
      [product!, { 'accept-encoding': 'br' }],
      [product!, { cookie: `comptoir-framework=${framework}` }],
      ['/no-such-page', {}],
      ['/mes-commandes', { 'accept-encoding': 'br' }],
      ['/suivi-commande', {}],
      ['/api/catalogue?tri=prix_asc', {}],
    ];
    for (const [address, headers] of shared) {
      const answer = await headersOf(address, headers);
      expect({
        address,
        headers,
        status: answer.status,
        page: /^text\/html/.test(String(answer.headers['content-type'])),
      }).toEqual({
        address,
        headers,
        status: address === '/no-such-page' ? 404 : 200,
        page: true,
      });
      // The page's own policies stay: only the opener policy is left out.
      expect({
        address,
        csp: answer.headers['content-security-policy'],
        coop: answer.headers['cross-origin-opener-policy'],
      }).toEqual({
        address,
        csp: expect.stringMatching(/script-src 'self'/),
        coop: undefined,
      });
    }
    for (const address of ['/dashboard/', '/dashboard/orders', '/api/docs/']) {
      const answer = await headersOf(address);
      expect({ address, status: answer.status, coop: answer.headers['cross-origin-opener-policy'] }).toEqual({
        address,
        status: 200,
        coop: 'same-origin',
      });
    }
  });

  test('on a phone, page scripts do not compete with the first view: fetched at low priority, the hero image first', async ({
    page,
  }) => {
    // Chromium's own scheduling, as it reports it to DevTools: what a slow mobile link gets first.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', ({ request }) => priorities.set(new URL(request.url).pathname, request.initialPriority));
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const newsletter = page.locator('footer form[data-newsletter]');
    await newsletter.scrollIntoViewIfNeeded();
    // The one page script of every page (the newsletter form's, the service worker's).
    const pageScripts = () => [...priorities].filter(([path]) => /^\/_astro\/OfflineSupport\..*\.js$/.test(path));
    await expect.poll(() => pageScripts().length).toBe(1);
    expect(pageScripts()[0][1]).toBe('Low');
    const hero = [...priorities].find(([path]) => /^\/images\/hero-industrial-\d+\.webp$/.test(path));
    expect(hero?.[1]).toBe('High');
    // Still the same form: it answers in French without leaving the page.
    await newsletter.getByPlaceholder('Votre adresse email').fill('pas-une-adresse');
    await newsletter.getByRole('button', { name: 'S’inscrire' }).click();
    await expect(newsletter.getByText("L'adresse email n'est pas valide.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the marketing pages ship no framework JavaScript', async ({ page }) => {
    for (const path of ['/', '/about']) {
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(req.url());
      });
      await page.goto(path);
      await scrollThrough(page);
      await page.waitForLoadState('networkidle');
      expect(
        scripts.filter((url) => /react|framework\.|islands\.|client\.|jsx-runtime/.test(url)),
        path,
      ).toEqual([]);
      page.removeAllListeners('request');
    }
  });

  test('every script a page runs at once is named in its HTML, a handful per page: no module discovered a round trip later', async ({
    page,
  }) => {
    const product = (await apiJson<{ products: { data: { id: number }[] } }>(page, '/api/product?per_page=1')).products.data[0];
    for (const [path, most] of [
      ['/', 2],
      ['/catalogue', 7],
      [`/product/${product.id}`, 7],
      ['/contact', 7],
    ] as const) {
      const scripts = new Set<string>();
      // A blob: address is the page's own copy of React (run from its text, no request to any server).
      page.on('request', (req) => {
        if (req.resourceType() === 'script' && !req.url().startsWith('blob:')) scripts.add(new URL(req.url()).pathname);
      });
      const html = await (await page.goto(path))!.text();
      await islandsReady(page);
      await page.waitForLoadState('networkidle');
      // Named by the page: `<script src>` or `<link rel="modulepreload">`, so all are asked for at once.
      const named = new Set(
        [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]),
      );
      expect(
        [...scripts].filter((script) => !named.has(script)),
        path,
      ).toEqual([]);
      expect(scripts.size, `${path}: ${[...scripts].join(' ')}`).toBeLessThanOrEqual(most);
      expect(scripts.size, path).toBeGreaterThan(0);
      page.removeAllListeners('request');
    }
  });

  test('home: hero buttons, partners, stories, three numbered reasons, team banner, latest articles', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Nous contacter' }).first()).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'Découvrir l’entreprise' })).toHaveAttribute('href', '/about');
    await expect(page.getByText('80+')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ils nous font confiance' }).getByRole('img')).toHaveCount(8);
    const reasons = page.getByRole('region', { name: 'Trois raisons de nous faire confiance' }).getByRole('listitem');
    await expect(reasons).toHaveCount(3);
    await expect(reasons.nth(0)).toContainText('01');
    await expect(reasons.nth(2)).toContainText('Un accompagnement personnalisé');
    await expect(page.getByRole('link', { name: 'Rencontrer l’équipe' })).toHaveAttribute('href', '/about#team-cta');
    await expect(page.getByRole('link', { name: 'En savoir plus sur nous' })).toHaveAttribute('href', '/about');

    const latest = page.getByRole('region', { name: 'Nos derniers articles' });
    await expect(latest.getByRole('link', { name: /Tous les articles/ })).toHaveAttribute('href', '/blog');
    const api = await apiJson<{ blogs: { data: ApiArticle[] } }>(page, '/api/article?per_page=3');
    const cards = latest.getByRole('article');
    await expect(cards).toHaveCount(Math.min(3, api.blogs.data.length));
    await expect(cards.first().getByRole('link')).toHaveAttribute('href', `/article/${api.blogs.data[0]!.slug}`);
    // Home excerpts: at most 100 characters plus "...".
    const excerpt = (await cards.first().locator('p').first().textContent()) ?? '';
    expect(excerpt.length).toBeLessThanOrEqual(103);
    expect(excerpt).not.toMatch(/<|>/);
    await expect(cards.first().locator('time')).toHaveText(FRENCH_DATE);
  });

  test('about: counters count up to 12, 30 and 15 in view, and start again from 0', async ({ page }) => {
    await page.goto('/about');
    const counters = page.locator('[data-counter]');
    // The numbers are drawn by CSS (a transition of the registered --counter property): read what the
    // screen shows, the counter each box displays.
    const shown = () => counters.evaluateAll((els) => els.map((el) => getComputedStyle(el).getPropertyValue('--counter').trim()));
    // Out of view, the counters stand at 0.
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect.poll(shown).toEqual(['0', '0', '0']);
    // Record every value the second counter shows at each frame, so that "it counts up" is checked
    // whatever the machine's speed (no sampling at a fixed moment).
    await counters.nth(1).evaluate((el) => {
      const seen: number[] = [];
      (window as unknown as { counterValues: number[] }).counterValues = seen;
      const record = () => {
        seen.push(Number(getComputedStyle(el).getPropertyValue('--counter')));
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await page.getByRole('heading', { name: 'De Lomé à toute l’Afrique de l’Ouest' }).scrollIntoViewIfNeeded();
    await expect.poll(shown).toEqual(['12', '30', '15']);
    const values = await page.evaluate(() => (window as unknown as { counterValues: number[] }).counterValues);
    expect(values.some((v) => v > 0 && v < 30)).toBe(true);
    await page.getByRole('heading', { name: 'Ce que disent nos clients' }).scrollIntoViewIfNeeded();
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect.poll(shown).toEqual(['0', '0', '0']);
    await expect(page.getByText('Années d’expérience')).toBeAttached();

    await expect(page.getByRole('heading', { name: 'Innovation' })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Précision' })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Engagement' })).toBeAttached();
    await expect(page.locator('#team-cta').getByRole('listitem')).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'Ils travaillent avec nous' }).getByRole('img')).toHaveCount(8);
    const testimonials = page.getByRole('region', { name: 'Ce que disent nos clients' }).getByRole('listitem');
    await expect(testimonials).toHaveCount(3);
    for (let i = 0; i < 3; i++)
      await expect(testimonials.nth(i).getByRole('img', { name: 'Note : 5 étoiles sur 5' })).toBeAttached();
  });

  test('the team link of the home page lands on the team section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Rencontrer l’équipe' }).click();
    await expect(page).toHaveURL(/\/about#team-cta$/);
    await expect(page.getByRole('heading', { name: 'Les visages de l’entreprise' })).toBeInViewport();
  });

  test('small screens: the header collapses into a toggle menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = page.getByRole('navigation', { name: 'Menu mobile' });
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Menu mobile' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeFocused();
  });

  test('article page: title, author, French date, three share links, content and other articles', async ({ page }) => {
    const api = await apiJson<{ blogs: { data: ApiArticle[] } }>(page, '/api/article?per_page=100');
    const article = api.blogs.data.find((a) => a.user) ?? api.blogs.data[0]!;
    const response = await page.goto(`/article/${article.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
    if (article.user) await expect(page.getByText(`${article.user.firstname} ${article.user.name}`).first()).toBeVisible();
    await expect(page.locator('article time').first()).toHaveText(FRENCH_DATE);
    const share = page.getByRole('list', { name: 'Partager l’article' }).getByRole('link');
    await expect(share).toHaveCount(3);
    const url = encodeURIComponent(new URL(`/article/${article.slug}`, page.url()).pathname);
    for (const link of await share.all()) await expect(link).toHaveAttribute('href', new RegExp(url.replace(/%2F/g, '%2F')));
    await expect(page.locator('.prose-article')).not.toBeEmpty();
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', article.title);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld).toMatchObject({ '@type': 'Article', headline: article.title });
    const others = page.getByRole('region', { name: 'À lire aussi' });
    await expect(others.getByRole('link', { name: /Tous les articles/ })).toHaveAttribute('href', '/blog');
    const otherLinks = await others
      .getByRole('article')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(otherLinks.length).toBeGreaterThan(0);
    expect(otherLinks).not.toContain(`/article/${article.slug}`);
  });

  test('an article without an author reads "Non défini" with the default avatar', async ({ page }) => {
    const orphans = query<{ slug: string }>("SELECT slug FROM blog_articles WHERE status = 'Publié' AND user_id IS NULL LIMIT 1");
    expect(orphans, 'the demo data keeps one published article whose author was removed').toHaveLength(1);
    await page.goto(`/article/${orphans[0]!.slug}`);
    await expect(page.getByText('Non défini').first()).toBeVisible();
    await expect(page.locator('img[src="/images/default-avatar.jpeg"]').first()).toBeVisible();
  });

  test('draft articles and unknown paths end on the 404 page', async ({ page }) => {
    const drafts = query<{ slug: string }>("SELECT slug FROM blog_articles WHERE status <> 'Publié' LIMIT 1");
    for (const path of [
      '/cette-page-n-existe-pas',
      '/article/inconnu',
      ...drafts.map((d) => `/article/${d.slug}`),
      '/product/999999',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText('Une erreur est survenue')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page non trouvée' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('sitemap, robots.txt and the RSS feed of the blog', async ({ page }) => {
    const robots = await page.request.get('/robots.txt');
    expect(await robots.text()).toContain('Sitemap: ');
    const index = await (await page.request.get('/sitemap-index.xml')).text();
    const sitemapUrl = /<loc>([^<]+)<\/loc>/.exec(index)![1]!;
    const sitemap = await (await page.request.get(new URL(sitemapUrl).pathname)).text();
    for (const path of ['/about', '/contact', '/blog', '/catalogue', '/product/']) expect(sitemap).toContain(path);
    expect(sitemap).not.toContain('/404');
    const rss = await page.request.get('/rss.xml');
    expect(rss.headers()['content-type']).toMatch(/xml/);
    const feed = await rss.text();
    const published = query<{ n: number }>("SELECT COUNT(*) AS n FROM blog_articles WHERE status = 'Publié'")[0]!.n;
    expect((feed.match(/<item>/g) ?? []).length).toBe(Math.min(50, published));
    expect(feed).toContain('<language>fr-FR</language>');
  });
});

test.describe('blog listing', () => {
  test('first page pre-rendered, 9 per page, pager, search from the title, empty state', async ({ page }) => {
    const total = query<{ n: number }>("SELECT COUNT(*) AS n FROM blog_articles WHERE status = 'Publié'")[0]!.n;
    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: 'Suivre l’actualité industrielle' })).toBeVisible();
    await expect(page.getByText('Blog', { exact: true })).toBeVisible();
    const cards = page.locator('[data-blog-list] article');
    await expect(cards).toHaveCount(Math.min(9, total));
    // Blog excerpts: at most 120 characters plus "...".
    for (const text of await cards.locator('p').first().allTextContents()) expect(text.length).toBeLessThanOrEqual(123);
    await islandsReady(page);

    const pager = page.getByRole('navigation', { name: 'Pagination des articles' });
    if (total > 9) {
      await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
      await pager.getByRole('link', { name: 'Page 2' }).click();
      await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await expect(cards).toHaveCount(Math.min(9, total - 9));
    }

    const titles = query<{ title: string }>("SELECT title FROM blog_articles WHERE status = 'Publié' ORDER BY id").map(
      (a) => a.title,
    );
    const word = titles.flatMap((t) => t.split(/[\s’',:;!?.]+/)).find((w) => /^[a-z]{6,}$/i.test(w))!;
    await page.getByLabel('Rechercher un article').fill(word.toUpperCase());
    await expect(cards.first()).toContainText(new RegExp(word, 'i'));
    const expected = query<{ title: string }>("SELECT title FROM blog_articles WHERE status = 'Publié'").filter((a) =>
      a.title.toLowerCase().includes(word.toLowerCase()),
    ).length;
    await expect(cards).toHaveCount(Math.min(9, expected));
    if (total > 9) await expect(pager).toBeHidden();

    await page.getByLabel('Rechercher un article').fill('zzz-aucun-titre');
    await expect(page.getByText("Pas d'article disponible")).toBeVisible();
    await expect(cards).toHaveCount(0);
  });

  test('a failed load shows the French error and lets the visitor retry', async ({ page }) => {
    await page.goto('/blog');
    await islandsReady(page);
    await page.route('**/api/article?*', (route) => route.abort());
    await page.getByLabel('Rechercher un article').fill('groupe');
    await expect(page.getByRole('alert').filter({ hasText: 'Erreur lors du chargement des articles.' })).toBeVisible();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Erreur lors du chargement des articles.' }),
    ).toBeVisible();
    await page.unroute('**/api/article?*');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page.locator('[data-blog-list] article').first()).toBeVisible();
  });

  test('a slow load shows the spinner', async ({ page }) => {
    await page.goto('/blog');
    await islandsReady(page);
    const release = await holdRequests(page, '**/api/article?*');
    await page.getByLabel('Rechercher un article').fill('pompe');
    await expect(page.getByRole('status').filter({ hasText: 'Chargement des articles' })).toBeAttached();
    release();
    await expect(page.locator('[data-blog-list] [aria-busy="true"]')).toHaveCount(0);
  });
});
