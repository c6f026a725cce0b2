import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { StaffClient, TINY_PNG } from '../../scripts/lib/staff-client.mjs';
import { E2E_ADMIN, startServer, type RunningServer } from './server.js';

interface Staff {
  request(method: string, path: string, body?: unknown): Promise<any>;
  signIn(email: string, password: string): Promise<unknown>;
}

const root = path.resolve(import.meta.dirname, '../..');
const execFileAsync = promisify(execFile);

function articleForm(title: string, status: 'Publié' | 'Brouillon') {
  const form = new FormData();
  form.set('title', title);
  form.set('status', status);
  form.set('content', JSON.stringify({ blocks: [{ type: 'paragraph', data: { text: `Contenu de « ${title} ».` } }] }));
  form.set('image', new Blob([TINY_PNG], { type: 'image/png' }), 'couverture.png');
  return form;
}

async function admin(baseUrl: string): Promise<Staff> {
  const staff = new StaffClient(baseUrl) as Staff;
  await staff.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
  return staff;
}

/** The page's HTTP status; 0 when the connection failed (a poll then tries again). */
async function statusOf(baseUrl: string, path: string) {
  try {
    return (await fetch(baseUrl + path)).status;
  } catch {
    return 0;
  }
}

async function waitForStatus(baseUrl: string, path: string, wanted: number, timeoutMs = 90_000) {
  await expect.poll(() => statusOf(baseUrl, path), { timeout: timeoutMs, intervals: [250] }).toBe(wanted);
}

async function signInDashboard(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/dashboard/login`);
  await page.getByLabel('Email pro').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);
}

test.describe('publishing to the static site', () => {
  test('an article published in the dashboard goes live without a restart, and disappears when it goes back to draft', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const base = baseURL!;
    const title = `Nouvelle agence à Kara ${Date.now()}`;
    await signInDashboard(page, base);
    await page.goto(`${base}/dashboard/ecrire-article`);
    const editor = page.getByTestId('article-editor');
    await expect(editor.locator('.codex-editor')).toBeVisible();
    await page.getByLabel("Titre de l'article").fill(title);
    const side = page.getByRole('complementary', { name: "Réglages de l'article" });
    await side.locator('input[type=file]').setInputFiles({ name: 'couverture.png', mimeType: 'image/png', buffer: TINY_PNG });
    await editor.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Notre agence de Kara ouvre ses portes.');
    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Article publié' })).toBeVisible();

    const staff = await admin(base);
    const { blogs } = await staff.request('GET', `/api/blog?search=${encodeURIComponent(title)}`);
    const created = blogs.data.find((b: { title: string }) => b.title === title);
    const slug: string = created.slug;

    // The static site, rebuilt in the background: no restart, no manual step.
    await waitForStatus(base, `/article/${slug}`, 200);
    await page.goto(`${base}/article/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('Notre agence de Kara ouvre ses portes.')).toBeVisible();
    await page.goto(`${base}/blog`);
    await expect(page.getByRole('link', { name: title })).toBeVisible();

    await page.goto(`${base}/dashboard/articles`);
    await expect(page.getByTestId('publishing-indicator')).toContainText('En ligne', { timeout: 90_000 });

    // Back to draft from the editor: the page leaves the public site.
    await page.goto(`${base}/dashboard/ecrire-article/${created.id}`);
    await expect(page.getByLabel("Titre de l'article")).toHaveValue(title);
    await page.getByRole('button', { name: 'Brouillon' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Article mis à jour.' })).toBeVisible();
    await waitForStatus(base, `/article/${slug}`, 404);
  });
});

test.describe('staff text that looks like markup', () => {
  test('an article whose title holds <style>, </script> or a comment is published and shown as typed', async ({
    page,
    baseURL,
  }) => {
    const base = baseURL!;
    // Once made every later build fail: the stylesheet pruning read `<style>` inside the cover's alt text.
    const title = `Titre avec <style>b</style> dedans </script> <!-- ]]> {{ \${x} ${Date.now()}`;
    const staff = await admin(base);
    const { blog } = await staff.request('POST', '/api/blog/create', articleForm(title, 'Publié'));
    await waitForStatus(base, `/article/${blog.slug}`, 200);
    await page.goto(`/article/${blog.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    // In attribute values the text stays raw (`<` needs no escaping there): what the old pruning misread.
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    // The page kept its (pruned) stylesheet and publishing is healthy for the next change.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontWeight)).not.toBe('400');
    await expect
      .poll(async () => (await staff.request('GET', '/api/publishing/status')).status.state, { timeout: 120_000 })
      .toBe('idle');
  });
});

test.describe('a build that fails or is killed', () => {
  let server: RunningServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
  });

  test('leaves the old site serving, shows the error to editors, and the rollback command restores the previous release', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    server = await startServer();
    const { dataDir } = server;
    const first = await admin(server.baseUrl);
    const kept = await first.request('POST', '/api/blog/create', articleForm(`Article conservé ${Date.now()}`, 'Publié'));
    await waitForStatus(server.baseUrl, `/article/${kept.blog.slug}`, 200);
    await server.stop();

    // The same data, but every build is killed (SIGKILL) after 300 ms: a build that never finishes.
    server = await startServer({ DATA_DIR: dataDir, SITE_BUILD_TIMEOUT_MS: '300' });
    const base = server.baseUrl;
    const staff = await admin(base);
    const lost = await staff.request('POST', '/api/blog/create', articleForm(`Article jamais en ligne ${Date.now()}`, 'Publié'));
    await expect
      .poll(async () => (await staff.request('GET', '/api/publishing/status')).status.state, { timeout: 120_000 })
      .toBe('failed');
    const status = (await staff.request('GET', '/api/publishing/status')).status;
    // Told in French, without the build's stack trace or the server's paths (those are in its log).
    expect(status.last_error).toMatch(/^La construction du site a dépassé sa durée maximale et a été arrêtée/);
    expect(status.last_error).not.toMatch(/SIGKILL|astro|node_modules|\/tmp\/| {4}at /);
    // The release that stayed live: the one the rollback below goes back to.
    const keptRelease: string = status.live_release;
    expect(keptRelease).toBeTruthy();
    expect(await statusOf(base, '/')).toBe(200);
    expect(await statusOf(base, `/article/${kept.blog.slug}`)).toBe(200);
    expect(await statusOf(base, `/article/${lost.blog.slug}`)).toBe(404);

    await signInDashboard(page, base);
    await page.goto(`${base}/dashboard/articles`);
    await expect(page.getByTestId('publishing-indicator')).toContainText('Échec de la publication', { timeout: 90_000 });
    await page.getByTestId('publishing-indicator').click();
    await expect(page.getByRole('menu')).toContainText('a dépassé sa durée maximale');
    await expect(page.getByRole('menuitem', { name: 'Relancer la publication' })).toBeVisible();
    await server.stop();

    // Healthy again: the retry publishes the waiting article; then the rollback command goes back.
    server = await startServer({ DATA_DIR: dataDir });
    const healthy = await admin(server.baseUrl);
    await healthy.request('POST', '/api/publishing/rebuild');
    await waitForStatus(server.baseUrl, `/article/${lost.blog.slug}`, 200);
    // Every build settled first (the boot's and the one asked may be two): a build finishing after the
    // rollback would switch the site forward again.
    await expect
      .poll(
        async () => {
          const now = (await healthy.request('GET', '/api/publishing/status')).status;
          return `${now.state} ${now.pending_count}`;
        },
        { timeout: 120_000 },
      )
      .toBe('idle 0');
    // Run without blocking this process: a synchronous spawn would stall the test's own HTTP client, whose
    // kept-alive sockets the server closes meanwhile ("other side closed" on the next request, on a busy machine).
    const rollback = await execFileAsync(process.execPath, [path.join(root, 'api/dist/cli.js'), 'site:rollback', keptRelease], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(rollback.stdout).toContain(`switched to release ${keptRelease}`);
    await waitForStatus(server.baseUrl, `/article/${lost.blog.slug}`, 404, 10_000);
    expect(await statusOf(server.baseUrl, `/article/${kept.blog.slug}`)).toBe(200);
  });
});
