// The other staff lists at work: the articles table sorts by title from its header and filters by
// status (both in the URL, both the server's), the journal filters by action, and a saved view of
// the articles list comes back after a reload.
// The journal's sign-ins are certain (every test signs in), so its filter is checked on « Connexion ».
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './server.js';
import { signIn, staffApi, type StaffApi } from './dashboard-helpers.js';

interface Article {
  id: number;
  title: string;
  status: string;
}

test.describe('staff lists: articles and journal', () => {
  let admin: StaffApi;
  const run = Date.now().toString(36);
  const viewName = `Brouillons Z-A ${run}`;

  test.beforeAll(async () => {
    admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
  });
  test.afterAll(async () => {
    const views = (await admin.get('/api/saved-views?list=articles')).views as { id: number; name: string }[];
    for (const view of views.filter((v) => v.name === viewName)) await admin.send('DELETE', `/api/saved-views/${view.id}`);
    await admin?.dispose();
  });

  const rowsOf = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr');
  const articles = async (query: string) => (await admin.get(`/api/blog?${query}`)).blogs.data as Article[];

  test('articles sort by title from the header and filter by status, as the server does', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/articles');
    const table = page.getByRole('table', { name: 'Liste des articles' });
    const title = table.getByRole('columnheader', { name: 'Titre' });
    await expect(title).toHaveAttribute('aria-sort', 'none');
    await title.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=title/);
    await expect(title).toHaveAttribute('aria-sort', 'ascending');
    const byTitle = await articles('sort=title&direction=asc&per_page=8');
    expect(byTitle.length).toBeGreaterThan(1);
    const rows = rowsOf(page, 'Liste des articles');
    await expect(rows).toHaveCount(byTitle.length);
    await expect(rows.first().getByRole('article')).toHaveAccessibleName(byTitle[0]!.title);
    await expect(rows.last().getByRole('article')).toHaveAccessibleName(byTitle.at(-1)!.title);

    // Filter by status: the rows are the server's articles of that status, still by title.
    await page.getByRole('group', { name: 'Filtrer par statut' }).getByRole('button', { name: 'Publié' }).click();
    await expect(page).toHaveURL(/[?&]status=Publi/);
    await expect(title).toHaveAttribute('aria-sort', 'ascending');
    const published = await articles('status=Publi%C3%A9&sort=title&direction=asc&per_page=8');
    expect(published.length).toBeGreaterThan(0);
    await expect(rows).toHaveCount(published.length);
    await expect(rows.first().getByRole('article')).toHaveAccessibleName(published[0]!.title);
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Publié');
  });

  test('a saved view of the articles list comes back after a reload', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/articles?status=Brouillon&sort=title&dir=desc');
    const table = page.getByRole('table', { name: 'Liste des articles' });
    await expect(table.getByRole('columnheader', { name: 'Titre' })).toHaveAttribute('aria-sort', 'descending');
    await page.getByRole('button', { name: 'Vues enregistrées' }).click();
    await page.getByRole('menuitem', { name: 'Enregistrer la vue actuelle…' }).click();
    await page.getByLabel('Nom de la vue').fill(viewName);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect
      .poll(
        async () =>
          ((await admin.get('/api/saved-views?list=articles')).views as { name: string; query: object }[]).find(
            (v) => v.name === viewName,
          )?.query,
      )
      .toEqual({ status: 'Brouillon', sort: 'title', dir: 'desc' });

    await page.goto('/dashboard/articles');
    await page.reload();
    await expect(page).not.toHaveURL(/status=|sort=/);
    await page.getByRole('button', { name: 'Vues enregistrées' }).click();
    await page.getByRole('menuitem', { name: viewName, exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=Brouillon/);
    await expect(page).toHaveURL(/[?&]dir=desc/);
    await expect(table.getByRole('columnheader', { name: 'Titre' })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('button', { name: 'Brouillon' })).toHaveAttribute('aria-pressed', 'true');
    const drafts = await articles('status=Brouillon&sort=title&direction=desc&per_page=8');
    const rows = rowsOf(page, 'Liste des articles');
    await expect(rows).toHaveCount(Math.max(drafts.length, 1));
    if (drafts.length > 0) await expect(rows.first().getByRole('article')).toHaveAccessibleName(drafts[0]!.title);
  });

  test('the journal filters by action, oldest first from the Date header, as the server does', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/administration/journal');
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Connexion', exact: true }).click();
    await expect(page).toHaveURL(/[?&]action=login/);
    const date = page.getByRole('table', { name: "Journal d'activité" }).getByRole('columnheader', { name: 'Date' });
    await date.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=created_at/);
    await expect(date).toHaveAttribute('aria-sort', 'ascending');
    const logins = (await admin.get('/api/audit?action=login&sort=created_at&direction=asc&per_page=20')).entries.data as {
      label: string | null;
      action: string;
    }[];
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.every((entry) => entry.action === 'login')).toBe(true);
    const rows = rowsOf(page, "Journal d'activité");
    await expect(rows).toHaveCount(logins.length);
    await expect(rows.first()).toContainText(logins[0]!.label ?? 'Connexion');
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Connexion');
  });
});
