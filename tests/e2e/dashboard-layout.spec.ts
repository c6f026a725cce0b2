// The dashboard holds up on a phone and on desktop widths: no screen wider than the
// viewport, row actions always reachable, the sidebar as tall as the screen, focus back on the control
// that opened a dialog, and axe finds no serious or critical problem on any screen or overlay.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './dashboard-helpers.js';

const SCREENS = [
  '/dashboard',
  '/dashboard/articles',
  '/dashboard/ecrire-article',
  '/dashboard/marques',
  '/dashboard/categories',
  '/dashboard/produits',
  '/dashboard/stock/entrees',
  '/dashboard/commandes',
  '/dashboard/clients',
  '/dashboard/administration/admins',
  '/dashboard/administration/roles',
  '/dashboard/administration/profile',
];
/** Lists whose rows have "Modifier …" actions that must stay in reach. */
const LISTS_WITH_ACTIONS = [
  '/dashboard/marques',
  '/dashboard/categories',
  '/dashboard/produits',
  '/dashboard/stock/entrees',
  '/dashboard/clients',
  '/dashboard/administration/admins',
];

/** Serious and critical axe findings (the editor's third-party canvas and the toasts aside). */
async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).exclude('.codex-editor').exclude('[data-sonner-toaster]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function settle(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function pageWidth(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
}

test.describe.configure({ mode: 'serial' });

for (const width of [390, 1280, 1440]) {
  test.describe(`dashboard at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every screen fits the screen and passes axe', async ({ page }) => {
      await signIn(page);
      const problems: string[] = [];
      for (const path of SCREENS) {
        await page.goto(path);
        await settle(page);
        const { scroll, viewport } = await pageWidth(page);
        if (scroll > viewport) problems.push(`${path}: ${scroll} px wide for a ${viewport} px screen`);
        if (width !== 1440) for (const finding of await seriousFindings(page)) problems.push(`${path}: ${finding}`);
      }
      expect(problems).toEqual([]);
    });

    test('row actions are within reach on every list', async ({ page }) => {
      await signIn(page);
      for (const path of LISTS_WITH_ACTIONS) {
        await page.goto(path);
        await settle(page);
        // "Modifier …" buttons, or a row menu "Actions pour …" (products).
        const edit = page.getByRole('button', { name: /^(Modifier|Actions pour) / }).first();
        await expect(edit, path).toBeVisible();
        const box = (await edit.boundingBox())!;
        expect(box.x + box.width, `${path}: the row's actions inside the screen`).toBeLessThanOrEqual(width);
        // Clickable where it is: nothing covers it.
        await edit.click({ trial: true });
      }
    });

    test('overlays pass axe and give focus back to their opener', async ({ page }) => {
      await signIn(page);
      await page.goto('/dashboard/marques');
      await settle(page);
      // A form dialog opened from a row's action.
      const edit = page.getByRole('button', { name: /^Modifier / }).first();
      await edit.click();
      const dialog = page.getByRole('dialog', { name: 'Modifier une marque' });
      await expect(dialog).toBeVisible();
      if (width !== 1440) expect(await seriousFindings(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Fermer' }).first().click();
      await expect(dialog).toHaveCount(0);
      await expect(edit).toBeFocused();
      // The add dialog, opened from the header's button.
      const add = page.getByRole('button', { name: /^Ajouter/ }).first();
      await add.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(add).toBeFocused();
      // The global search overlay, with results.
      await page.keyboard.press('Control+k');
      const search = page.getByRole('dialog', { name: 'Recherche globale' });
      await expect(search).toBeVisible();
      await page.keyboard.type('ca');
      await expect(search.locator('[aria-busy="true"]')).toHaveCount(0);
      if (width !== 1440) expect(await seriousFindings(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(search).toHaveCount(0);
    });

    if (width !== 1440) {
      test('a table wider than the screen says so, every Administration tab is in reach, the article preview passes axe', async ({
        page,
      }) => {
        await signIn(page);
        // The orders table hides its last columns at this width: a fade on the hidden side and a text for
        // screen readers say that it scrolls.
        await page.goto('/dashboard/commandes');
        await settle(page);
        const region = page.getByRole('region', { name: 'Liste des commandes (défilement horizontal)' });
        await expect(region).toBeVisible();
        await expect(region).toHaveAccessibleDescription(/faites-le défiler horizontalement/);
        const table = page.locator('div:has(> [role="region"])').filter({ has: region });
        const before = table.locator('[data-scroll-cue="before"]');
        const after = table.locator('[data-scroll-cue="after"]');
        await expect(after).toHaveCSS('opacity', '1');
        await expect(before).toHaveCSS('opacity', '0');
        const hidden = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(hidden, 'columns hidden beyond the right edge').toBeGreaterThan(0);
        await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        await expect(after).toHaveCSS('opacity', '0');
        await expect(before).toHaveCSS('opacity', '1');
        // Back to the start: the cue on the right again.
        await region.evaluate((el) => el.scrollTo({ left: 0 }));
        await expect(after).toHaveCSS('opacity', '1');

        // Every Administration tab inside the screen (they wrap), and each one opens its page.
        await page.goto('/dashboard/administration/profile');
        await settle(page);
        const tabs = page.getByRole('navigation', { name: 'Administration' }).getByRole('link');
        await expect(tabs).toHaveCount(5);
        for (const tab of await tabs.all()) {
          const box = (await tab.boundingBox())!;
          expect(box.x, `${await tab.textContent()}`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${await tab.textContent()} inside the screen`).toBeLessThanOrEqual(width);
        }
        await tabs.filter({ hasText: "Journal d'activité" }).click();
        await expect(page).toHaveURL(/\/administration\/journal/);

        // The article preview: its reading body takes the focus (axe scrollable-region-focusable).
        await page.goto('/dashboard/articles');
        await settle(page);
        await page
          .getByRole('button', { name: /^Aperçu de / })
          .first()
          .click();
        const preview = page.getByRole('dialog', { name: "Aperçu de l'article" });
        await expect(preview).toBeVisible();
        await expect(preview.getByRole('region', { name: "Contenu de l'aperçu" })).toHaveAttribute('tabindex', '0');
        expect(await seriousFindings(page)).toEqual([]);
      });
    }

    if (width === 1440) {
      test('the sidebar is as tall as the screen at the bottom of a long page', async ({ page }) => {
        await signIn(page);
        await page.goto('/dashboard/produits');
        await settle(page);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const box = (await page.getByRole('complementary', { name: 'Barre latérale' }).boundingBox())!;
        expect(box.y).toBeLessThanOrEqual(0.5);
        expect(box.y + box.height).toBeGreaterThanOrEqual(899);
      });
    }
  });
}
