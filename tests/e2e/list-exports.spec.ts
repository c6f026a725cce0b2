// « Exporter » on a staff list: the file downloaded is the list as on screen (its order from the
// URL), every page of it, in the French CSV a spreadsheet opens.
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { E2E_ADMIN } from './server.js';
import { signIn, staffApi, type StaffApi } from './dashboard-helpers.js';

test.describe('list exports', () => {
  let admin: StaffApi;

  test.beforeAll(async () => {
    admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
  });
  test.afterAll(async () => {
    await admin?.dispose();
  });

  test('the products list, most expensive first, downloads as CSV in that order, every row', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/produits?sort=price&dir=desc');
    const answer = (await admin.get('/api/product?sort=price&direction=desc&per_page=100')).products as {
      total: number;
      data: { reference: string }[];
    };
    await expect(page.getByRole('table', { name: 'Liste des produits' }).locator('tbody tr').first()).toBeVisible();
    await page.getByRole('button', { name: 'Exporter' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /^CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^produits-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Référence;Désignation;Catégorie;Marque;Prix;Devise;/);
    expect(lines).toHaveLength(answer.total + 1);
    const shown = answer.data.map((p) => p.reference);
    expect(lines.slice(1, shown.length + 1).map((line) => line.split(';')[0])).toEqual(shown);
  });
});
