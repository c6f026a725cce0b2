// Dashboard back office (dashboard half): home cards and side panel, articles and the
// Editor.js editor, products with images, stock entries, orders, clients, the global search and a
// blog-only editor. Runs against the real built server of global-setup (demo data loaded); after each
// change made in the browser the server's state is read back through the API.
import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { signIn, SMALL_PNG, staffApi, type StaffApi, toast } from './dashboard-helpers.js';
import { placeOrder } from './order-helpers.js';
import { animationsSettled, orderClient } from './public-helpers.js';
import { E2E_ADMIN } from './server.js';

const DOMAIN = 'comptoir.example';
const run = Date.now().toString(36);

const PNG = SMALL_PNG;
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

let admin: StaffApi;

test.beforeAll(async () => {
  admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
});

test.afterAll(async () => {
  await admin?.dispose();
});

// --- Browser helpers ---

/** Picks an option of a Radix select named by its label. */
async function choose(scope: Locator, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function expectNoAxeViolations(page: Page) {
  // A dialog fading in has its texts at part opacity: axe would read their contrast mid-fade.
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).exclude('.codex-editor').exclude('[data-sonner-toaster]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

test.describe('dashboard back office', () => {
  test('an editor writes and publishes an article with images through Editor.js, then edits, trashes and deletes it', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The dashboard's CSP allows no eval and no inline script: the editor must load without tripping it.
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|unsafe-eval/i.test(message.text())) cspViolations.push(message.text());
    });
    await signIn(page);
    await page.goto('/dashboard/articles');
    await expect(page.getByRole('heading', { name: 'Tous les articles' })).toBeVisible();
    await expect(page.getByTestId('article-card').first()).toBeVisible();
    await expect(page.getByTestId('publishing-indicator')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Écrire un article' }).click();
    await expect(page).toHaveURL(/\/dashboard\/ecrire-article$/);
    const editor = page.getByTestId('article-editor');
    await expect(editor.locator('.codex-editor')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(cspViolations).toEqual([]);

    // Nothing filled: the editor says what is missing instead of saving.
    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByText('Le titre est requis.')).toBeVisible();
    await expect(page.getByText('Une image est requise.')).toBeVisible();

    const title = `Maintenance préventive des groupes ${run}`;
    const slug = `maintenance-preventive-des-groupes-${run}`;
    await page.getByLabel("Titre de l'article").fill(title);
    await expect(page.getByLabel("URL de l'article")).toHaveValue(new RegExp(`/article/${slug}$`));
    const side = page.getByRole('complementary', { name: "Réglages de l'article" });
    await side.locator('input[type=file]').setInputFiles(png('couverture.png'));
    await expect(page.getByText('Une image est requise.')).toBeHidden();
    await page.getByLabel("Texte alternatif de l'image").fill('Technicien contrôlant un groupe électrogène');
    await page.getByRole('button', { name: 'copier' }).click();
    await expect(toast(page, 'URL copiée avec succès !')).toBeVisible();

    // The body: a paragraph, an image sent through the Editor.js image tool, one from the media picker.
    await editor.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Un entretien régulier prolonge la vie du groupe.');
    await page.keyboard.press('Enter');
    await editor.locator('.ce-toolbar__plus').click();
    await editor.locator('.ce-popover-item').filter({ hasText: 'Image' }).click();
    const chooser = page.waitForEvent('filechooser');
    await editor.getByText('Choisir une image').click();
    await (await chooser).setFiles(png('schema.png'));
    await expect(editor.locator('.image-tool__image-picture').first()).toHaveAttribute('src', /\/storage\//);

    await page.getByRole('button', { name: 'Médiathèque' }).click();
    const picker = page.getByRole('dialog', { name: 'Médiathèque' });
    await picker.locator('input[type=file]').setInputFiles(png('photo-atelier.png'));
    await expect(toast(page, 'Image ajoutée à la médiathèque.')).toBeVisible();
    await expect(picker.getByRole('button', { name: /photo-atelier\.png/ }).first()).toHaveAttribute('aria-pressed', 'true');
    // A spare image deleted from the library: gone from the grid, and recorded in the journal.
    const spare = `en-trop-${run}.png`;
    await picker.locator('input[type=file]').setInputFiles(png(spare));
    const spareButton = picker.getByRole('button', { name: new RegExp(spare.replace('.', '\\.')) });
    await expect(spareButton).toHaveAttribute('aria-pressed', 'true');
    await picker.getByRole('button', { name: "Supprimer l'image" }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(toast(page, 'Image supprimée avec succès.')).toBeVisible();
    await expect(spareButton).toHaveCount(0);
    const journal = await admin.get('/api/audit?entity=media');
    expect(journal.entries.data.filter((e: any) => e.action === 'delete').map((e: any) => e.label)).toContain(spare);
    await picker
      .getByRole('button', { name: /photo-atelier\.png/ })
      .first()
      .click();
    await picker.getByRole('button', { name: "Insérer l'image" }).click();
    await expect(picker).toBeHidden();
    await expect(editor.locator('.image-tool__image-picture')).toHaveCount(2);

    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(toast(page, 'Article publié')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Sauvegardé' })).toBeVisible();
    await expect(page.getByTestId('publishing-indicator')).toBeVisible();
    // Back to the list 5 s after a create.
    await expect(page).toHaveURL(/\/dashboard\/articles$/);

    const { blogs } = await admin.get(`/api/blog?search=${encodeURIComponent(run)}`);
    const article = blogs.data.find((b: any) => b.title === title);
    expect(article, 'the article exists').toBeTruthy();
    expect(article.status).toBe('Publié');
    expect(article.slug).toBe(slug);
    expect(article.image_alt).toBe('Technicien contrôlant un groupe électrogène');
    const published = await admin.ctx.get(`/api/showBySlug/${slug}`);
    expect(published.status()).toBe(200);
    const publicBlog = (await published.json()).blog;
    expect(publicBlog.content).toContain('Un entretien régulier prolonge la vie du groupe.');
    expect(publicBlog.content.match(/<img [^>]*src="\/storage\//g)?.length).toBe(2);

    // Edit: the stored document comes back into the editor; a failed save shows the server's message.
    await page.goto(`/dashboard/ecrire-article/${article.id}`);
    await expect(page.getByLabel("Titre de l'article")).toHaveValue(title);
    await expect(page.getByLabel("URL de l'article")).toHaveValue(new RegExp(`/article/${slug}$`));
    await expect(editor.getByText('Un entretien régulier prolonge la vie du groupe.')).toBeVisible();
    await expect(editor.locator('.image-tool__image-picture')).toHaveCount(2);
    await page.route(`**/api/blog/${article.id}/update`, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'Les données envoyées sont invalides.',
          errors: { title: ['Ce titre est déjà pris.'] },
        }),
      }),
    );
    await page.getByRole('button', { name: 'Brouillon', exact: true }).click();
    await expect(page.getByText('Ce titre est déjà pris.')).toBeVisible();
    await expect(toast(page, 'Erreur lors de la mise à jour.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Sauvegardé' })).toHaveCount(0);
    await page.unroute(`**/api/blog/${article.id}/update`);

    await editor.getByText('Un entretien régulier prolonge la vie du groupe.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Vérifiez le niveau d’huile chaque semaine.');
    await page.getByRole('button', { name: 'Brouillon', exact: true }).click();
    await expect(toast(page, 'Article mis à jour.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/articles$/);
    const draft = (await admin.get(`/api/blog/${article.id}`)).blog;
    expect(draft.status).toBe('Brouillon');
    expect(draft.content).toContain('Vérifiez le niveau d’huile chaque semaine.');
    expect((await admin.ctx.get(`/api/showBySlug/${slug}`)).status()).toBe(404);

    // The list: search by title, open the card's menu, edit, then move to the trash from the editor.
    await page.getByRole('searchbox', { name: 'Rechercher un article par titre' }).fill(run);
    const card = page.getByRole('article', { name: title });
    await expect(card).toHaveCount(1);
    // Card titles are cut at 24 characters.
    await expect(card.getByRole('heading')).toHaveText(`${title.slice(0, 24)}..`);
    await expect(page.getByRole('row').filter({ has: card }).getByText('Brouillon')).toBeVisible();
    await card.getByRole('button', { name: `Aperçu de ${title}` }).click();
    const preview = page.getByRole('dialog', { name: "Aperçu de l'article" });
    await expect(preview.getByText('Vérifiez le niveau d’huile chaque semaine.')).toBeVisible();
    await preview.getByRole('button', { name: 'Fermer' }).first().click();
    await card.getByRole('button', { name: `Actions pour ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Modifier' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/ecrire-article/${article.id}$`));
    await expect(editor.getByText('Vérifiez le niveau')).toBeVisible();
    await page.getByRole('button', { name: 'Mettre à la corbeille' }).click();
    await expect(toast(page, 'Article déplacé dans la corbeille.')).toBeVisible();
    expect((await admin.get(`/api/blog/${article.id}`)).blog.status).toBe('Corbeille');

    // Delete from the list, in the Corbeille filter.
    await page.goto(`/dashboard/articles?status=Corbeille&search=${run}`);
    await expect(page.getByRole('button', { name: 'Corbeille' })).toHaveAttribute('aria-pressed', 'true');
    const trashed = page.getByRole('article', { name: title });
    await trashed.getByRole('button', { name: `Actions pour ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Voulez-vous vraiment supprimer cet article ?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(toast(page, 'Article supprimé avec succès !')).toBeVisible();
    await expect(page.getByText('Aucun article trouvé')).toBeVisible();
    expect(await admin.status(`/api/blog/${article.id}`)).toBe(404);

    // Leaving the editor with unsaved changes asks first.
    await page.goto('/dashboard/ecrire-article');
    await expect(editor.locator('.codex-editor')).toBeVisible();
    await page.getByLabel("Titre de l'article").fill('Brouillon jamais enregistré');
    await page.getByRole('link', { name: 'Fermer' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Rester' }).click();
    await expect(page).toHaveURL(/\/dashboard\/ecrire-article$/);
    await expect(page.getByLabel("Titre de l'article")).toHaveValue('Brouillon jamais enregistré');
    await page.getByRole('link', { name: 'Fermer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Quitter sans enregistrer' }).click();
    await expect(page).toHaveURL(/\/dashboard\/articles$/);
  });

  test('the publishing indicator follows the public site: in progress, live, failed with a relaunch', async ({ page }) => {
    const base = {
      live_release: 'r1',
      live_since: new Date().toISOString(),
      building_since: null,
      last_duration_ms: 42_000,
      last_error: null,
      pending_count: 0,
      pending: [],
    };
    let status: Record<string, unknown> = {
      ...base,
      state: 'building',
      building_since: new Date().toISOString(),
      pending_count: 1,
      pending: [{ kind: 'article.published', label: 'Article « Essai » publié', created_at: new Date().toISOString() }],
    };
    let rebuilds = 0;
    await page.route('**/api/publishing/status', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, status }) }),
    );
    await page.route('**/api/publishing/rebuild', (route) => {
      rebuilds++;
      status = {
        ...base,
        state: 'queued',
        pending_count: 1,
        pending: [{ kind: 'site.rebuild', label: 'Reconstruction manuelle du site', created_at: new Date().toISOString() }],
      };
      return route.fulfill({
        status: 202,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, message: 'Reconstruction du site demandée.', status }),
      });
    });
    await signIn(page);
    await page.goto('/dashboard/articles');
    const indicator = page.getByTestId('publishing-indicator');
    await expect(indicator).toContainText('Publication en cours…');
    await indicator.click();
    await expect(page.getByRole('menu').getByText('Article « Essai » publié')).toBeVisible();
    await page.keyboard.press('Escape');

    // Polled every 3 s while a build runs: the live state shows up on its own.
    status = { ...base, state: 'idle' };
    await expect(indicator).toContainText(/En ligne depuis \d{2}:\d{2}/);

    status = {
      ...base,
      state: 'failed',
      last_error:
        'La construction du site a échoué (publication r9). Le site public reste dans sa dernière version en ligne ; le détail technique est dans le journal du serveur.',
    };
    await page.reload();
    await expect(indicator).toContainText('Échec de la publication');
    await indicator.click();
    await expect(
      page.getByRole('menu').getByText('La construction du site a échoué (publication r9).', { exact: false }),
    ).toBeVisible();
    await page.getByRole('menuitem', { name: 'Relancer la publication' }).click();
    await expect(toast(page, 'Reconstruction du site demandée.')).toBeVisible();
    expect(rebuilds).toBe(1);
    await expect(indicator).toContainText('Publication en cours…');
  });

  test('a product is created with images, edited, marked popular, shown and deleted', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/produits');
    await expect(page.getByRole('heading', { level: 1, name: /^Produits/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Liste des produits' }).getByRole('row')).toHaveCount(9);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Ajouter un produit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un produit' });
    await expect(dialog.getByRole('combobox', { name: 'Marque' })).toBeEnabled();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    for (const message of [
      'Le nom est requis.',
      'La référence est requise.',
      'La quantité est requise.',
      'Le prix est requis.',
      'La devise est requise.',
      'La marque est requise.',
      'La catégorie est requise.',
      'La description est requise.',
      "L'image est requise.",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }

    const name = `Groupe de test ${run}`;
    const reference = `GT-${run}`.toUpperCase();
    await dialog.getByLabel('Nom du produit').fill(name);
    await dialog.getByLabel('Référence').fill(reference);
    await dialog.getByLabel('Quantité en stock').fill('12');
    await dialog.getByLabel('Prix').fill('1500,50');
    await choose(dialog, page, 'Devise', /^Euro/);
    await expect(dialog.getByTestId('price-symbol')).toHaveText('€');
    await choose(dialog, page, 'Devise', /^Dollar/);
    await expect(dialog.getByTestId('price-symbol')).toHaveText('$');
    await choose(dialog, page, 'Devise', /^Euro/);
    await choose(dialog, page, 'Marque', 'Voltaria');
    await choose(dialog, page, 'Catégorie', 'Groupes électrogènes');
    const description = 'Groupe de démonstration pour les essais automatiques.';
    await dialog.getByLabel('Description').fill(description);
    await expect(dialog.getByText(`${275 - description.length} caractères restants`)).toBeVisible();
    // Six images are refused as a whole, said on screen, and the form does not save.
    await dialog.locator('input[type=file]').setInputFiles([1, 2, 3, 4, 5, 6].map((n) => png(`vue-${n}.png`)));
    const tooMany = dialog.getByText(
      'Vous devez sélectionner entre 1 et 5 images. Vous en avez choisi 6 : aucune n’a été ajoutée.',
    );
    await expect(tooMany).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Images choisies' }).getByRole('listitem')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog.getByText(/Vous devez sélectionner entre 1 et 5 images/)).toBeVisible();
    expect((await admin.get(`/api/product?search=${encodeURIComponent(name)}`)).products.data).toHaveLength(0);

    await dialog.locator('input[type=file]').setInputFiles([png('face.png'), png('profil.png')]);
    await expect(dialog.getByRole('list', { name: 'Images choisies' }).getByRole('listitem')).toHaveCount(2);
    await expect(tooMany).toBeHidden();
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(toast(page, 'Produit ajouté avec succès !')).toBeVisible();
    await expect(dialog).toBeHidden();

    const found = (await admin.get(`/api/product?search=${encodeURIComponent(name)}`)).products.data;
    expect(found).toHaveLength(1);
    const product = found[0];
    expect(product).toMatchObject({ name, reference, stock: 12, price: '1500.50', description, in_spotlight: false });
    expect(product.currency.name).toBe('Euro');
    expect(product.brand.name).toBe('Voltaria');
    expect(product.category.designation).toBe('Groupes électrogènes');
    expect(product.images).toHaveLength(2);

    // Edit: out of stock now.
    await page.getByRole('searchbox', { name: 'Rechercher un produit' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(/1\s500,50\s€/)).toBeVisible();
    await row.getByRole('button', { name: `Actions pour ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Modifier' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier un produit' });
    await expect(edit.getByLabel('Nom du produit')).toHaveValue(name);
    await edit.getByLabel('Quantité en stock').fill('0');
    await edit.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(toast(page, 'Produit mis à jour avec succès !')).toBeVisible();
    await expect(row.getByText('Épuisé')).toBeVisible();
    expect((await admin.get(`/api/product/${product.id}`)).product).toMatchObject({ stock: 0, price: '1500.50' });

    // Popular from the row's menu.
    await row.getByRole('button', { name: `Actions pour ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Marquer comme populaire' }).click();
    await expect(toast(page, 'Produit ajouté aux populaires avec succès.')).toBeVisible();
    expect((await admin.get(`/api/product/${product.id}`)).product.in_spotlight).toBe(true);

    // The detail page, fetched by id: gallery, price, stock badge, popular toggle.
    await row.getByRole('link', { name: `Voir ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/produit/${product.id}$`));
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText(/1\s500,50\s€/);
    await expect(page.getByTestId('product-stock').getByText('Épuisé')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Images du produit' }).getByRole('button')).toHaveCount(2);
    await page.getByRole('button', { name: 'Image 2 sur 2' }).click();
    await expect(page.getByRole('button', { name: 'Image 2 sur 2' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);
    await page.getByRole('switch', { name: 'Retirer des populaires' }).click();
    await expect(toast(page, 'Produit retiré des populaires avec succès.')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Marquer comme populaire' })).toHaveAttribute('aria-checked', 'false');
    expect((await admin.get(`/api/product/${product.id}`)).product.in_spotlight).toBe(false);

    await page.goto('/dashboard/produit/999999');
    await expect(page.getByText('Produit introuvable.')).toBeVisible();

    // Delete.
    await page.goto(`/dashboard/produits?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Actions pour ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    await expect(page.getByRole('alertdialog').getByText('Voulez-vous vraiment supprimer ce produit ?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(toast(page, 'Produit supprimé avec succès !')).toBeVisible();
    await expect(page.getByText('Aucun produit trouvé')).toBeVisible();
    expect(await admin.status(`/api/product/${product.id}`)).toBe(404);
  });

  test('brands and categories are added, edited and deleted', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/marques');
    await page.getByRole('button', { name: 'Ajouter une marque' }).click();
    let dialog = page.getByRole('dialog', { name: 'Ajouter une marque' });
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    for (const message of [
      'Le nom est requis.',
      'Le représentant est requis.',
      'La description est requise.',
      "L'image est requise.",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    const brand = `Marque ${run}`;
    await dialog.getByLabel('Nom').fill(brand);
    await dialog.getByLabel('Représentant').fill('Kossi Amouzou');
    await dialog.getByLabel('Description').fill('Fabricant de démonstration.');
    await dialog.locator('input[type=file]').setInputFiles(png('logo.png'));
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(toast(page, 'Marque ajoutée avec succès !')).toBeVisible();
    const brands = (await admin.get(`/api/brands?search=${encodeURIComponent(brand)}`)).brands.data;
    expect(brands).toHaveLength(1);
    expect(brands[0]).toMatchObject({ name: brand, representative: 'Kossi Amouzou' });

    await page.getByRole('searchbox', { name: 'Rechercher une marque' }).fill(brand);
    await page.getByRole('button', { name: `Modifier ${brand}` }).click();
    dialog = page.getByRole('dialog', { name: 'Modifier une marque' });
    await dialog.getByLabel('Représentant').fill('Ama Dzifa');
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(toast(page, 'Marque mise à jour avec succès !')).toBeVisible();
    expect((await admin.get(`/api/brands?search=${encodeURIComponent(brand)}`)).brands.data[0].representative).toBe('Ama Dzifa');
    await page.getByRole('button', { name: `Supprimer ${brand}` }).click();
    await expect(page.getByRole('alertdialog').getByText('Voulez-vous vraiment supprimer cette marque ?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(toast(page, 'Marque supprimée avec succès !')).toBeVisible();
    await expect(page.getByText('Aucune marque trouvée')).toBeVisible();
    expect((await admin.get(`/api/brands?search=${encodeURIComponent(brand)}`)).brands.data).toHaveLength(0);

    await page.goto('/dashboard/categories');
    await expect(page.getByText('Gestion de stock', { exact: false }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter une catégorie' }).click();
    dialog = page.getByRole('dialog', { name: 'Ajouter une catégorie' });
    const category = `Catégorie ${run}`;
    await dialog.getByLabel('Nom de la catégorie').fill(category);
    await dialog.getByLabel('Description').fill('Une catégorie de démonstration.');
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(toast(page, 'Catégorie ajoutée !')).toBeVisible();
    expect((await admin.get(`/api/category?search=${encodeURIComponent(category)}`)).categories.data).toHaveLength(1);
    await page.getByRole('searchbox', { name: 'Rechercher une catégorie' }).fill(category);
    await page.getByRole('button', { name: `Supprimer ${category}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(toast(page, 'Catégorie supprimée avec succès !')).toBeVisible();
    expect((await admin.get(`/api/category?search=${encodeURIComponent(category)}`)).categories.data).toHaveLength(0);
  });

  test('stock entries with and without an expiry date', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/stock/entrees');
    await expect(page.getByRole('heading', { level: 1, name: /^Entrées de stock/ })).toBeVisible();
    await expectNoAxeViolations(page);

    const perishable = `Huile moteur ${run}`;
    await page.getByRole('button', { name: 'Ajouter une entrée' }).click();
    let dialog = page.getByRole('dialog', { name: 'Ajouter une entrée' });
    await dialog.getByLabel('Nom du produit').fill(perishable);
    await dialog.getByLabel("Prix d'achat").fill('45,90');
    await dialog.getByLabel('Quantité').fill('120');
    await dialog.getByLabel('Date de fabrication').fill('2026-01-10');
    await dialog.getByLabel("Date d'expiration").fill('2025-12-01');
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog.getByText('La date d’expiration doit être supérieure à la date de fabrication.')).toBeVisible();
    await expect(dialog.getByText("L'image est requise.")).toBeVisible();
    await dialog.getByLabel("Date d'expiration").fill('2028-01-10');
    await dialog.locator('input[type=file]').setInputFiles(png('bidon.png'));
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Produit ajouté en stock avec succès !')).toBeVisible();
    let entries = (await admin.get(`/api/stock?search=${encodeURIComponent(perishable)}`)).stocks.data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      name: perishable,
      price: '45.90',
      quantity: 120,
      manufacture_date: '2026-01-10',
      expiry_date: '2028-01-10',
      expirable: true,
    });

    const durable = `Clé dynamométrique ${run}`;
    await page.getByRole('button', { name: 'Ajouter une entrée' }).click();
    dialog = page.getByRole('dialog', { name: 'Ajouter une entrée' });
    await dialog.getByLabel('Nom du produit').fill(durable);
    await dialog.getByLabel("Prix d'achat").fill('89');
    await dialog.getByLabel('Quantité').fill('0');
    await dialog.getByLabel('Date de fabrication').fill('2025-06-01');
    await dialog.getByLabel("Date d'expiration").fill('2030-01-01');
    await dialog.getByRole('switch', { name: 'Non expirable' }).click();
    await expect(dialog.getByLabel("Date d'expiration")).toBeDisabled();
    await expect(dialog.getByLabel("Date d'expiration")).toHaveValue('');
    await dialog.locator('input[type=file]').setInputFiles(png('cle.png'));
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Produit ajouté en stock avec succès !').first()).toBeVisible();
    entries = (await admin.get(`/api/stock?search=${encodeURIComponent(durable)}`)).stocks.data;
    expect(entries[0]).toMatchObject({ name: durable, quantity: 0, expiry_date: null, expirable: false });

    await page.getByRole('searchbox', { name: 'Rechercher une entrée' }).fill(run);
    const durableRow = page.getByRole('row').filter({ hasText: durable });
    await expect(durableRow.getByText('Non expirable')).toBeVisible();
    await expect(durableRow.getByText('Épuisé')).toBeVisible();
    await expect(durableRow.getByText(/\b89\s\$/)).toBeVisible();

    // Edit the perishable goods: no expiry any more.
    await page.getByRole('button', { name: `Modifier ${perishable}` }).click();
    dialog = page.getByRole('dialog', { name: 'Modifier une entrée' });
    await expect(dialog.getByLabel("Date d'expiration")).toHaveValue('2028-01-10');
    await dialog.getByRole('switch', { name: 'Non expirable' }).click();
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Produit en stock mis à jour avec succès !')).toBeVisible();
    entries = (await admin.get(`/api/stock?search=${encodeURIComponent(perishable)}`)).stocks.data;
    expect(entries[0]).toMatchObject({ expiry_date: null, expirable: false });

    for (const name of [perishable, durable]) {
      await page.getByRole('button', { name: `Supprimer ${name}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
      await expect(toast(page, 'Produit supprimé du stock avec succès !').first()).toBeVisible();
    }
    await expect(page.getByText('Aucune entrée trouvée')).toBeVisible();
    expect((await admin.get(`/api/stock?search=${encodeURIComponent(run)}`)).stocks.data).toHaveLength(0);
  });

  test("an order's status changes from the home side panel and the orders screen, moving the chips and the stock", async ({
    page,
  }) => {
    // A pending order with its lines, and the stock of its products before the change.
    const latest = (await admin.get('/api/latest-order')).orderItems;
    const pendingRow = latest.find((row: any) => row.order.status === 'pending');
    expect(pendingRow, 'the demo data has a recent pending order').toBeTruthy();
    const orderId: number = pendingRow.order.id;
    const orderNum: string = pendingRow.order.order_num;
    const order = (await admin.get(`/api/order/${orderId}`)).order;
    const stockOf = async (productId: number) => (await admin.get(`/api/product/${productId}`)).product.stock as number;
    const lines = order.items.filter((item: any) => item.product_id);
    const before = await Promise.all(lines.map((item: any) => stockOf(item.product_id)));
    const summary = (await admin.get('/api/dashboard/summary')).summary;

    await signIn(page);
    await expect(page.getByTestId('summary-orders-En attente')).toHaveText(String(summary.orders.pending).padStart(2, '0'));
    await expectNoAxeViolations(page);
    const latestTable = page.getByRole('table', { name: 'Dernières commandes' });
    await latestTable.getByRole('row').filter({ hasText: orderNum }).first().getByRole('button', { name: 'Afficher' }).click();
    const panel = page.getByRole('dialog', { name: 'Détail de la commande' });
    await expect(panel.getByText(orderNum, { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'En attente' })).toHaveAttribute('aria-pressed', 'true');
    await panel.getByRole('button', { name: 'Annulé' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Passer en « Annulé »' }).click();
    await expect(toast(page, 'Statut de la commande mis à jour avec succès !')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Annulé' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('summary-orders-En attente')).toHaveText(String(summary.orders.pending - 1).padStart(2, '0'));

    expect((await admin.get(`/api/order/${orderId}`)).order.status).toBe('canceled');
    const afterCancel = await Promise.all(lines.map((item: any) => stockOf(item.product_id)));
    lines.forEach((item: any, i: number) => expect(afterCancel[i]).toBe(before[i] + item.quantity));
    await panel.getByRole('button', { name: 'Fermer' }).last().click();

    // The orders screen: chips count per status and filter; the detail dialog brings the order back.
    const counts = (await admin.get('/api/order')).status_counts;
    await page.goto('/dashboard/commandes');
    await expect(page.getByRole('heading', { level: 1, name: /^Commandes/ })).toBeVisible();
    const chips = page.getByTestId('order-status-chips');
    await expect(chips.getByRole('button', { name: /^Annulé/ })).toContainText(String(counts.canceled).padStart(2, '0'));
    await expect(chips.getByRole('button', { name: /^En attente/ })).toContainText(String(counts.pending).padStart(2, '0'));
    await expectNoAxeViolations(page);
    await chips.getByRole('button', { name: /^Annulé/ }).click();
    await expect(page).toHaveURL(/status=canceled/);
    const table = page.getByRole('table', { name: 'Liste des commandes' });
    await expect(table.getByRole('row').nth(1)).toContainText('Annulé');
    await page.getByRole('searchbox', { name: 'Rechercher par société ou n° de commande' }).fill(orderNum);
    await expect(table.getByRole('row').filter({ hasText: orderNum }).first()).toBeVisible();
    await expect(page).toHaveURL(/status=canceled/);
    await table
      .getByRole('button', { name: `Actions pour la commande ${orderNum}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Afficher' }).click();
    const detail = page.getByRole('dialog', { name: 'Détail de la commande' });
    await detail.getByRole('button', { name: 'En attente' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Passer en « En attente »' }).click();
    await expect(toast(page, 'Statut de la commande mis à jour avec succès !')).toBeVisible();
    await detail.getByRole('button', { name: 'Fermer' }).last().click();
    // The counts follow the search: this one order, pending again, so nothing is left under Annulé.
    await expect(chips.getByRole('button', { name: /^Annulé/ })).toContainText('00');
    await expect(chips.getByRole('button', { name: /^En attente/ })).toContainText('01');
    await expect(page.getByText('Aucune commande trouvée')).toBeVisible();
    await chips.getByRole('button', { name: /^Toutes/ }).click();
    await expect(table.getByRole('row').filter({ hasText: orderNum }).first()).toContainText('En attente');

    expect((await admin.get(`/api/order/${orderId}`)).order.status).toBe('pending');
    const restored = await Promise.all(lines.map((item: any) => stockOf(item.product_id)));
    expect(restored).toEqual(before);

    // Deleting an order (placed here through the public order form) gives its stock back.
    const catalogue = (await admin.get('/api/product?per_page=100')).products.data;
    const product = catalogue.find((p: any) => p.stock > 3 && p.currency?.name === 'Fcfa');
    expect(product, 'a product in stock, priced in Fcfa').toBeTruthy();
    const visitor = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
    const placedOrder = await placeOrder(
      visitor,
      orderClient(`Essais Suppression ${run}`, `achats.${run}@essais.example`, 'Afi Essai', '00 00 00'),
      [{ product_id: product.id, quantity: 2 }],
    );
    await visitor.dispose();
    expect(await stockOf(product.id)).toBe(product.stock - 2);

    await page.goto(`/dashboard/commandes?search=${placedOrder.order_num}`);
    await table.getByRole('button', { name: `Actions pour la commande ${placedOrder.order_num}` }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    await expect(page.getByRole('alertdialog').getByText('Voulez-vous vraiment supprimer cette commande ?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(toast(page, 'Commande supprimée avec succès !')).toBeVisible();
    await expect(page.getByText('Aucune commande trouvée')).toBeVisible();
    expect(await admin.status(`/api/order/${placedOrder.id}`)).toBe(404);
    expect(await stockOf(product.id)).toBe(product.stock);
  });

  test('clients are created, edited and deleted', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/clients');
    await expect(page.getByRole('heading', { name: 'Liste de clients' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Liste de clients' })).toContainText(/\d{2,}/);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Ajouter un client' }).click();
    let dialog = page.getByRole('dialog', { name: 'Ajouter un nouveau client' });
    await expect(dialog.getByRole('group', { name: 'La société' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Le représentant' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Ajouter client' }).click();
    for (const message of [
      'Le nom de la société est requis.',
      "L'email de la société est requis.",
      'Le téléphone de la société est requis.',
      "L'adresse de la société est requise.",
      'Le nom du représentant est requis.',
      'Le téléphone du représentant est requis.',
      "L'email du représentant est requis.",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    const company = `Société des Essais ${run}`;
    await dialog.getByLabel('Nom de la société').fill(company);
    await dialog.getByLabel('Email de la société').fill('pas-un-email');
    await dialog.getByLabel('Téléphone de la société').fill('+228 22 21 20 19');
    await dialog.getByLabel('Adresse de la société').fill('Boulevard du 13 Janvier, Lomé');
    await dialog.getByLabel('Nom et prénom').fill('Edem Kouassi');
    await dialog.getByLabel('Email du représentant').fill(`edem.${run}@essais.example`);
    await dialog.getByLabel('Téléphone du représentant').fill('+228 90 11 22 33');
    await dialog.getByRole('button', { name: 'Ajouter client' }).click();
    // The server checks the e-mail's form; its message goes under the field.
    await expect(dialog.getByText("L'email de la société n'est pas valide.")).toBeVisible();
    await dialog.getByLabel('Email de la société').fill(`contact.${run}@essais.example`);
    await dialog.getByRole('button', { name: 'Ajouter client' }).click();
    await expect(toast(page, 'Client ajouté !')).toBeVisible();
    let customers = (await admin.get(`/api/customer?search=${encodeURIComponent(company)}`)).customers.data;
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ company_name: company, representative_name: 'Edem Kouassi', orders_count: 0 });

    await page.getByRole('searchbox', { name: 'Trouver un client' }).fill(company);
    const row = page.getByRole('row').filter({ hasText: company });
    await expect(row.getByRole('link', { name: `contact.${run}@essais.example` })).toHaveAttribute(
      'href',
      `mailto:contact.${run}@essais.example`,
    );
    await expect(row.getByText('00', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Modifier ${company}` }).click();
    dialog = page.getByRole('dialog', { name: 'Modifier un client' });
    await dialog.getByLabel('Adresse de la société').fill('Zone portuaire, Lomé');
    await dialog.getByRole('button', { name: 'Modifier un client' }).click();
    await expect(toast(page, 'Client mis à jour avec succès !')).toBeVisible();
    customers = (await admin.get(`/api/customer?search=${encodeURIComponent(company)}`)).customers.data;
    expect(customers[0].company_address).toBe('Zone portuaire, Lomé');

    await row.getByRole('button', { name: `Supprimer ${company}` }).click();
    await expect(page.getByRole('alertdialog').getByText('Voulez-vous vraiment supprimer ce client ?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(toast(page, 'Client supprimé avec succès !')).toBeVisible();
    await expect(page.getByText('Aucun client trouvé')).toBeVisible();
    expect((await admin.get(`/api/customer?search=${encodeURIComponent(company)}`)).customers.data).toHaveLength(0);
  });

  test('the global search groups its results, is driven by the keyboard and keeps the last searches', async ({ page }) => {
    await signIn(page);
    await page.evaluate(() => window.localStorage.clear());
    await page.keyboard.press('Control+k');
    const overlay = page.getByRole('dialog', { name: 'Recherche globale' });
    const box = overlay.getByRole('combobox', { name: 'Rechercher dans le tableau de bord' });
    await expect(box).toBeFocused();
    await expect(overlay.getByText('Pas de recherche récente')).toBeVisible();
    await box.fill('G');
    await expect(overlay.getByText('Saisissez au moins 2 caractères.')).toBeVisible();
    await box.fill('Groupe électrogène');
    const products = overlay.getByRole('group', { name: 'Produits' });
    await expect(products.getByRole('option').first()).toBeVisible();
    await expect(overlay.getByRole('group', { name: 'Articles' })).toBeVisible();
    // Arrows move the active option; Enter opens it.
    const options = overlay.getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowUp');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const target = products.getByRole('option').first();
    const targetIndex = await options.evaluateAll((all, el) => all.indexOf(el as HTMLElement), await target.elementHandle());
    for (let i = 0; i < targetIndex; i++) await box.press('ArrowDown');
    await expect(target).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/produit\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Groupe électrogène');

    // The search is remembered.
    await page.getByRole('button', { name: /Rechercher…/ }).click();
    await expect(overlay.getByText('Recherches récentes')).toBeVisible();
    await expect(overlay.getByRole('option', { name: 'Groupe électrogène' })).toBeVisible();
    expect(await page.evaluate(() => JSON.stringify(Object.values(window.localStorage)))).toContain('Groupe électrogène');
    await overlay.getByRole('option', { name: 'Groupe électrogène' }).click();
    await expect(box).toHaveValue('Groupe électrogène');
    await expect(overlay.getByRole('group', { name: 'Produits' })).toBeVisible();
    await box.fill('Ouaga Mines');
    await expect(
      overlay
        .getByRole('group', { name: 'Commandes' })
        .or(overlay.getByRole('group', { name: 'Clients' }))
        .first(),
    ).toBeVisible();
    await box.fill('zzzz-introuvable');
    await expect(overlay.getByText('Aucun résultat pour « zzzz-introuvable »')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
  });

  test('a blog-only editor sees only the blog and is refused the shop by the API', async ({ page }) => {
    const { roles } = await admin.get<{ roles: Array<{ id: number; name: string }> }>('/api/role');
    const editorRole = roles.find((r) => r.name === 'Éditeur');
    expect(editorRole, 'demo role Éditeur').toBeTruthy();
    const email = `redaction.${run}@${DOMAIN}`;
    const password = 'Redaction-Sure-2024';
    const created = await admin.send('POST', '/api/admin/create', {
      multipart: { role_id: String(editorRole!.id), firstname: 'Dela', name: 'Redactrice', email, password },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    await signIn(page, { email, password });
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav.getByRole('link', { name: 'Blog & Articles' })).toBeVisible();
    for (const hidden of ['Marques', 'Catégories', 'Produits', 'Entrées', 'Commandes', 'Clients', 'Administration']) {
      await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    }
    await expect(page.getByTestId('summary-articles')).toBeVisible();
    await expect(page.getByTestId('summary-products')).toHaveCount(0);
    await expect(page.getByTestId('summary-orders')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Dernières commandes' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Derniers articles' })).toBeVisible();

    // The blog screens work, with the writing controls of the role.
    await nav.getByRole('link', { name: 'Blog & Articles' }).click();
    await expect(page.getByRole('link', { name: 'Écrire un article' })).toBeVisible();

    // Forcing shop, stock or order screens: the screen refuses, and so does the API.
    for (const path of [
      '/dashboard/produits',
      '/dashboard/marques',
      '/dashboard/stock/entrees',
      '/dashboard/commandes',
      '/dashboard/clients',
    ]) {
      await page.goto(path);
      await expect(page.getByText("Vous n'avez pas accès à cette page.")).toBeVisible();
    }
    for (const path of ['/api/brands', '/api/category', '/api/stock', '/api/order', '/api/customer', '/api/currencies']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(403);
    }
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
    const forced = await page.request.post('/api/category/create', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') },
      multipart: { designation: 'Intrusion', description: 'Refusée.' },
    });
    expect(forced.status()).toBe(403);

    // The global search shows only the blog group.
    await page.keyboard.press('Control+k');
    const overlay = page.getByRole('dialog', { name: 'Recherche globale' });
    await overlay.getByRole('combobox').fill('Groupe');
    await expect(overlay.getByRole('group', { name: 'Articles' })).toBeVisible();
    await expect(overlay.getByRole('group', { name: 'Produits' })).toHaveCount(0);
    await expect(overlay.getByRole('group', { name: 'Commandes' })).toHaveCount(0);
  });
});
