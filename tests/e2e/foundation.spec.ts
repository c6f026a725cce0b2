import { expect, test } from '@playwright/test';

test.describe('one origin', () => {
  test('home page is the built French public site with the shared frame', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const header = page.locator('header');
    for (const link of ['Accueil', 'À propos', 'Contact', 'Actualités']) {
      await expect(header.getByRole('link', { name: link, exact: true }).first()).toBeAttached();
    }
    await expect(header.getByRole('link', { name: 'Boutique' }).first()).toBeAttached();
    const footer = page.locator('footer');
    await expect(footer).toContainText('2024');
    await expect(footer.getByRole('textbox')).toBeVisible();
  });

  test('public pages run under a CSP without inline-script allowance, and trip none of it', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const address of ['/', '/catalogue', '/contact', '/blog']) {
      const response = await page.goto(address);
      const csp = response?.headers()['content-security-policy'] ?? '';
      const scripts = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      // The catalogue also runs its copy of React from a blob: address (compiled off the main thread).
      expect({ address, scripts }).toEqual({
        address,
        scripts: expect.stringMatching(
          address === '/catalogue'
            ? /^\s*script-src 'self'( 'sha256-[\w+/=]+')+ blob:$/
            : /^\s*script-src 'self'( 'sha256-[\w+/=]+')*$/,
        ),
      });
      // Islands hydrate (the "js" class comes from a hashed inline script).
      await expect(page.locator('html')).toHaveClass(/\bjs\b/);
    }
    expect(violations).toEqual([]);
  });

  test('an unknown public path answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Une erreur est survenue')).toBeVisible();
    await expect(page.getByText('Page non trouvée')).toBeVisible();
    await page
      .getByRole('link', { name: /accueil/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the dashboard sign-in screen is served, and deep links fall back to the SPA', async ({ page }) => {
    await page.goto('/dashboard/login');
    await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByLabel('Email pro')).toBeVisible();
    await expect(page.getByLabel('Mot de passe')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeVisible();

    const response = await page.goto('/dashboard/une/route/profonde');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/dashboard\/login/);
  });

  test('a trailing slash leads to the page itself, never to another site', async ({ request, baseURL }) => {
    const about = await request.get('/about/', { maxRedirects: 0 });
    expect(about.status()).toBe(301);
    expect(about.headers()['location']).toBe('/about');
    // The full URL keeps the request on this server (a bare '//host/' would be protocol-relative).
    const tricky = await request.get(`${baseURL}//evil.example/`, { maxRedirects: 0 });
    expect(tricky.headers()['location']).toBe('/evil.example');
    expect((await request.get('/about')).status()).toBe(200);
  });

  test('health, OpenAPI and storage are served from the same origin', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'up' }, site: { state: 'live' } });
    expect((await request.get('/api/docs')).status()).toBe(200);
    expect((await request.get('/storage/nothing-here.png')).status()).toBe(404);
  });

  test("kept-alive connections outlast a reverse proxy's own (nginx keeps them 60 s)", async ({ request }) => {
    // What clients and proxies read: the server closes an idle connection after 65 s, not Node's 5 s,
    // so it never closes one at the moment a proxy sends the next request on it.
    for (const path of ['/api/health', '/about']) expect((await request.get(path)).headers()['keep-alive']).toBe('timeout=65');
  });
});
