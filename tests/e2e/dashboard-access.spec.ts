// Dashboard staff access (dashboard half): sign-in and its rules, the route guard, password
// recovery through the e-mailed link, the layout gated by permissions, administrators, roles, profile
// and credentials. Runs against the real built server of global-setup; the server state is checked
// through the API after each change made in the browser.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { staffApi, type StaffApi } from './dashboard-helpers.js';
import { E2E_ADMIN } from './server.js';

const DOMAIN = 'comptoir.example';
const run = Date.now().toString(36);
const uniqueEmail = (local: string) => `${local}.${run}@${DOMAIN}`;

/** A tiny PNG (1x1), to upload as a photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function roleId(api: StaffApi, name: string): Promise<number> {
  const { roles } = await api.get<{ roles: Array<{ id: number; name: string }> }>('/api/role');
  const role = roles.find((r) => r.name === name);
  expect(role, `role ${name}`).toBeTruthy();
  return role!.id;
}

async function createStaff(
  api: StaffApi,
  fields: { role: string; firstname: string; name: string; email: string; password: string },
) {
  const res = await api.send('POST', '/api/admin/create', {
    multipart: {
      role_id: String(await roleId(api, fields.role)),
      firstname: fields.firstname,
      name: fields.name,
      email: fields.email,
      password: fields.password,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.admin as { id: number };
}

async function findAdmin(api: StaffApi, search: string) {
  const { admins } = await api.get<{ admins: { data: any[] } }>(`/api/admin?search=${encodeURIComponent(search)}&per_page=100`);
  return admins.data;
}

// --- Browser helpers ---

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email pro').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

async function signInFromScratch(page: Page, email: string, password: string) {
  await page.goto('/dashboard/login');
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: /^Bonjour,/ })).toBeVisible();
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Reads every e-mail of the outbox and returns the newest reset link sent to `email`. */
function resetLinkFor(email: string): string | null {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(outbox)) return null;
  const files = (fs.readdirSync(outbox, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.eml'))
    .map((f) => path.join(outbox, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const file of files) {
    const raw = fs.readFileSync(file, 'utf8');
    if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
    // Undo quoted-printable soft breaks and escapes before looking for the link.
    const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    const match = text.match(/https?:\/\/[^\s"'<>]+\/dashboard\/account\/reset\?token=[A-Za-z0-9_\-.%]+/);
    if (match) return match[0];
  }
  return null;
}

test.describe.configure({ mode: 'serial' });

test.describe('dashboard staff access', () => {
  test('sign-in checks the fields and the company domain, refuses bad credentials, then signs in', async ({ page }) => {
    await page.goto('/dashboard/login');
    await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeVisible();
    await expect(page.getByText('© 2024')).toBeVisible();

    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByText("L'email est requis.")).toBeVisible();
    await expect(page.getByText('Le mot de passe est requis.')).toBeVisible();

    await page.getByLabel('Email pro').fill('quelquun@gmail.com');
    await page.getByLabel('Mot de passe', { exact: true }).fill('peu-importe');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByText(`Seuls les emails @${DOMAIN} sont autorisés.`)).toBeVisible();

    await signIn(page, E2E_ADMIN.email, 'pas-le-bon-mot-de-passe');
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/login/);

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard\/?$/);
    await expect(page.getByRole('heading', { name: 'Bonjour, Administrateur' })).toBeVisible();
  });

  test('the guard sends a signed-out visitor to sign in and back to the asked page', async ({ page }) => {
    await page.goto('/dashboard/administration/roles');
    await expect(page).toHaveURL(/\/dashboard\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/administration/roles');
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard\/administration\/roles$/);
    await expect(page.getByRole('heading', { name: 'Rôles des administrateurs' })).toBeVisible();

    // Unknown paths show the not-found page inside the dashboard once signed in.
    await page.goto('/dashboard/cette-page-n-existe-pas');
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
    await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
    await expect(page.getByRole('heading', { name: /^Bonjour,/ })).toBeVisible();

    // A session that ends while the app is open: the next call answers 401 and the in-place sign-in
    // opens; choosing the sign-in page instead sends there, and back after signing in.
    // (The profile, Administration's first tab, reads the person's sessions and second factors.)
    await page.context().clearCookies();
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Administration', exact: true })
      .click();
    const reauth = page.getByRole('dialog', { name: 'Votre session a expiré' });
    await expect(reauth).toBeVisible();
    await reauth.getByRole('button', { name: 'Aller à la page de connexion' }).click();
    await expect(page).toHaveURL(/\/dashboard\/login\?redirect=/);
    // The Administration link, or the profile tab it opens, whichever the session ended on.
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/dashboard\/administration(\/profile)?$/);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByRole('heading', { name: 'Sessions actives' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Administrateurs' }).click();
    await expect(page.getByRole('heading', { name: 'Liste des administrateurs' })).toBeVisible();

    // Logging out asks first, then goes to the sign-in page; the session is gone.
    await page.getByRole('button', { name: /menu du compte/ }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('Voulez-vous vraiment vous déconnecter ?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/dashboard\/login/);
    await page.goto('/dashboard/administration/admins');
    await expect(page).toHaveURL(/\/dashboard\/login\?redirect=/);
  });

  test('a full administrator sees every section, the settings icon, the bell and every control', async ({ page }) => {
    await signInFromScratch(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const nav = sidebar(page);
    for (const label of [
      'Tableau de bord',
      'Blog & Articles',
      'Marques',
      'Catégories',
      'Produits',
      'Entrées',
      'Commandes',
      'Clients',
      'Administration',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: "Paramètres d'administration" })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Commandes/ }).and(page.locator('[data-pending]'))).toBeVisible();

    await nav.getByRole('link', { name: 'Administration', exact: true }).click();
    const tabs = page.getByRole('navigation', { name: 'Administration' });
    await expect(tabs.getByRole('link', { name: 'Mon profil' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Administrateurs' }).click();
    await expect(page.getByRole('heading', { name: 'Liste des administrateurs' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajouter un administrateur' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Modifier / }).first()).toBeVisible();
    await expect(page.getByRole('row')).not.toHaveCount(1);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await tabs.getByRole('link', { name: 'Rôles' }).click();
    await expect(page.getByRole('button', { name: 'Créer un nouveau rôle' })).toBeVisible();
    await expect(page.getByRole('row')).not.toHaveCount(1);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await expect(page.getByRole('button', { name: /^Supprimer le rôle / }).first()).toBeVisible();

    // The global search box opens the overlay (Ctrl+K as well).
    await page.getByRole('button', { name: /^Rechercher/ }).click();
    await expect(page.getByRole('dialog', { name: 'Recherche globale' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Recherche globale' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('a blog-only editor sees only the blog section and their own profile', async ({ page }) => {
    const admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
    const email = uniqueEmail('redacteur');
    const password = 'Redaction-Kpalime-2024!';
    await createStaff(admin, { role: 'Éditeur', firstname: 'Rédacteur', name: 'Blog', email, password });
    await admin.dispose();

    await signInFromScratch(page, email, password);
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Blog & Articles' })).toBeVisible();
    for (const label of ['Marques', 'Catégories', 'Produits', 'Entrées', 'Commandes', 'Clients', 'Administration']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: "Paramètres d'administration" })).toHaveCount(0);
    await expect(page.locator('[data-pending]')).toHaveCount(0);

    // "Mon profil" is reachable through the avatar menu, without the admin tabs.
    await page.getByRole('button', { name: /menu du compte/ }).click();
    await page.getByRole('menuitem', { name: 'Mon profil' }).click();
    await expect(page).toHaveURL(/\/dashboard\/administration\/profile$/);
    await expect(page.getByTestId('profile-name')).toHaveText('Rédacteur Blog');
    const tabs = page.getByRole('navigation', { name: 'Administration' });
    await expect(tabs.getByRole('link')).toHaveCount(1);

    // The admin screens refuse without calling for data.
    await page.goto('/dashboard/administration/admins');
    await expect(page.getByText("Vous n'avez pas accès à cette page.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajouter un administrateur' })).toHaveCount(0);
  });

  test('administrators: validation, create with a photo, edit, delete, checked through the API', async ({ page }) => {
    const admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
    const email = uniqueEmail('kossi.amouzou');
    await signInFromScratch(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/dashboard/administration/admins');
    await expect(page.getByRole('heading', { name: 'Liste des administrateurs' })).toBeVisible();

    await page.getByRole('button', { name: 'Ajouter un administrateur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un Administrateur' });
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog.getByText('Le rôle est requis.')).toBeVisible();
    await expect(dialog.getByText('Le prénom est requis.')).toBeVisible();
    await expect(dialog.getByText('Le nom est requis.')).toBeVisible();
    await expect(dialog.getByText("L'email est requis.")).toBeVisible();
    await expect(dialog.getByText('Un mot de passe est requis.')).toBeVisible();

    await dialog.getByLabel('Email').fill('kossi@autre.example');
    await dialog.getByLabel('Créer un mot de passe').fill('court');
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog.getByText(`Seuls les emails @${DOMAIN} sont autorisés.`)).toBeVisible();
    await expect(dialog.getByText('Le mot de passe doit contenir au moins 8 caractères.')).toBeVisible();

    // A file of the wrong type is refused on the client with the spec's message.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('texte') });
    await expect(dialog.getByText('Format invalide. Formats acceptés : PNG, JPG, JPEG, SVG, WEBP.')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText('photo.png')).toBeVisible();

    await dialog.getByLabel('Rôle').click();
    await page.getByRole('option', { name: 'Commercial' }).click();
    await dialog.getByLabel('Prénom(s)').fill('Kossi');
    await dialog.getByLabel('Nom', { exact: true }).fill('Amouzou');
    await dialog.getByLabel('Email').fill(email);
    // A password made of the person's own name is refused, in French, under the field.
    await dialog.getByLabel('Créer un mot de passe').fill('Motdepasse-Kossi-1');
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(
      dialog.getByText('Le mot de passe ne doit contenir ni votre nom, ni votre prénom, ni votre adresse email.'),
    ).toBeVisible();
    await dialog.getByLabel('Créer un mot de passe').fill('Motdepasse-Lagune-1');
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(page.getByText('Admin ajouté avec succès !')).toBeVisible();
    await expect(dialog).toBeHidden();

    let [created] = await findAdmin(admin, 'Amouzou');
    expect(created).toMatchObject({ firstname: 'Kossi', name: 'Amouzou', email, role: { name: 'Commercial' } });
    expect(created.image).toBeTruthy();
    expect(created.password).not.toContain('argon');

    // The same e-mail again: the server's answer lands under the e-mail field.
    await page.getByRole('button', { name: 'Ajouter un administrateur' }).click();
    const again = page.getByRole('dialog', { name: 'Ajouter un Administrateur' });
    await again.getByLabel('Rôle').click();
    await page.getByRole('option', { name: 'Commercial' }).click();
    await again.getByLabel('Prénom(s)').fill('Kossi');
    await again.getByLabel('Nom', { exact: true }).fill('Doublon');
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Créer un mot de passe').fill('Motdepasse-Lagune-1');
    await again.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(again.getByText('Cet email est déjà utilisé.')).toBeVisible();
    await again.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(again).toBeHidden();

    // Search, then edit: the current role is listed first, the password may stay empty.
    await page.getByRole('searchbox', { name: 'Trouver un admin' }).fill('Amouzou');
    await expect(page).toHaveURL(/search=Amouzou/);
    const row = page.getByRole('row', { name: /Amouzou/ });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Désactivé')).toBeVisible();
    await row.getByRole('button', { name: 'Modifier Kossi Amouzou' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier un Administrateur' });
    await edit.getByLabel('Rôle').click();
    await expect(page.getByRole('option').first()).toHaveText('Commercial');
    await page.getByRole('option', { name: 'Gestionnaire de stock' }).click();
    await edit.getByLabel('Prénom(s)').fill('Kossi Edem');
    await edit.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(page.getByText('Admin mis à jour avec succès !')).toBeVisible();
    await expect(page.getByRole('row', { name: /Amouzou Kossi Edem/ })).toBeVisible();

    [created] = await findAdmin(admin, 'Amouzou');
    expect(created).toMatchObject({ firstname: 'Kossi Edem', role: { name: 'Gestionnaire de stock' } });
    // The password was left empty: the old one still opens a session.
    const kossi = await staffApi(email, 'Motdepasse-Lagune-1');
    await kossi.dispose();

    // Delete, after confirmation.
    await page
      .getByRole('row', { name: /Amouzou/ })
      .getByRole('button', { name: /^Supprimer / })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Voulez-vous vraiment supprimer cet administrateur ?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Administrateur supprimé avec succès !')).toBeVisible();
    await expect(page.getByText('Aucun administrateur trouvé')).toBeVisible();
    expect(await findAdmin(admin, 'Amouzou')).toHaveLength(0);
    await admin.dispose();
  });

  test('the administrators list pages and searches on the server, with page and search in the URL', async ({ page }) => {
    const admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
    const surname = `Pagination${run}`;
    const ids: number[] = [];
    try {
      for (let i = 1; i <= 9; i++) {
        const created = await createStaff(admin, {
          role: 'Commercial',
          firstname: `Agent${String(i).padStart(2, '0')}`,
          name: surname,
          email: uniqueEmail(`agent${i}.pagination`),
          password: 'Tournesol-Aneho-2024',
        });
        ids.push(created.id);
      }
      await signInFromScratch(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto(`/dashboard/administration/admins?search=${surname}`);
      const table = page.getByRole('table', { name: 'Liste des administrateurs' });
      await expect(table.getByRole('row')).toHaveCount(9); // header + 8
      await expect(page.getByText('Page 1 sur 2')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Précédent' })).toBeDisabled();
      await page.getByRole('button', { name: 'Suivant' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByText('Page 2 sur 2')).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();

      // A new search goes back to page 1.
      await page.getByRole('searchbox', { name: 'Trouver un admin' }).fill(`${surname} Agent03`);
      await expect(page).not.toHaveURL(/page=/);
      await expect(table.getByRole('row')).toHaveCount(2);
      await page.getByRole('searchbox', { name: 'Trouver un admin' }).fill('personne-de-ce-nom');
      await expect(page.getByText('Aucun administrateur trouvé')).toBeVisible();
    } finally {
      for (const id of ids) await admin.send('DELETE', `/api/admin/${id}/delete`);
      await admin.dispose();
    }
  });

  test('roles: create with switches, edit, delete, checked through the API', async ({ page }) => {
    const admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
    const name = `Vérificateur ${run}`;
    await signInFromScratch(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/dashboard/administration/roles');

    await page.getByRole('button', { name: 'Créer un nouveau rôle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer un nouveau rôle' });
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await expect(dialog.getByText('Le nom est requis.')).toBeVisible();
    await expect(dialog.getByText('La description est requise.')).toBeVisible();

    await dialog.getByLabel('Nom du rôle').fill(name);
    await dialog.getByLabel('Description').fill('Contrôle le stock et consulte les commandes.');
    // "Modifier" turns "Afficher" on with it.
    await dialog.getByRole('switch', { name: 'Gestion de stock : Modifier' }).click();
    await expect(dialog.getByRole('switch', { name: 'Gestion de stock : Afficher' })).toBeChecked();
    await dialog.getByRole('switch', { name: 'Commandes & Clients : Afficher' }).click();
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await expect(page.getByText('Rôle ajouté !')).toBeVisible();

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('Stock', { exact: true })).toBeVisible();
    await expect(row.getByText('Commandes', { exact: true })).toBeVisible();
    let role = (await admin.get('/api/role')).roles.find((r: any) => r.name === name);
    const grid = (r: any) => Object.fromEntries(r.permission.map((p: any) => [p.category, [p.view, p.create, p.edit, p.delete]]));
    expect(grid(role)).toMatchObject({
      stock: [true, false, true, false],
      orders: [true, false, false, false],
      blog: [false, false, false, false],
      admin: [false, false, false, false],
    });

    // Edit: all rights off gives "Aucun accès".
    await row.getByRole('button', { name: `Modifier le rôle ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier un rôle' });
    await expect(edit.getByLabel('Nom du rôle')).toHaveValue(name);
    await edit.getByRole('switch', { name: 'Gestion de stock : Afficher' }).click();
    await expect(edit.getByRole('switch', { name: 'Gestion de stock : Modifier' })).not.toBeChecked();
    await edit.getByRole('switch', { name: 'Commandes & Clients : Afficher' }).click();
    await edit.getByLabel('Description').fill('Rôle en attente de droits.');
    await edit.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(page.getByText('Rôle mis à jour avec succès !')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Aucun accès')).toBeVisible();
    role = (await admin.get('/api/role')).roles.find((r: any) => r.name === name);
    expect(role.description).toBe('Rôle en attente de droits.');
    expect(
      Object.values(grid(role))
        .flat()
        .every((v) => v === false),
    ).toBe(true);

    // Delete, after confirmation.
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: `Supprimer le rôle ${name}` })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Voulez-vous vraiment supprimer ce rôle ?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Rôle supprimé avec succès !')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    expect((await admin.get('/api/role')).roles.some((r: any) => r.name === name)).toBe(false);
    await admin.dispose();
  });

  test('profile and credentials: edit, see the change, sign in with the new credentials', async ({ page }) => {
    const admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
    const email = uniqueEmail('profil');
    const newEmail = uniqueEmail('profil.nouveau');
    await createStaff(admin, { role: 'Commercial', firstname: 'Essi', name: 'Lawson', email, password: 'Ananas-Initial-1' });
    await admin.dispose();

    await signInFromScratch(page, email, 'Ananas-Initial-1');
    await page.goto('/dashboard/administration/profile');
    await expect(page.getByTestId('profile-profession')).toHaveText('Profession non définie');
    await expect(page.getByText('*'.repeat(15))).toBeVisible();

    await page.getByRole('button', { name: 'Modifier les informations professionnelles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le profil' });
    await dialog.getByLabel('Fonction').fill('Chargée de clientèle');
    await dialog.getByLabel('Téléphone professionnel').fill('+228 90 11 22 33');
    await dialog.getByLabel('À propos').fill('Suit les grands comptes.');
    await expect(dialog.getByText(`${275 - 'Suit les grands comptes.'.length} caractères restants`)).toBeVisible();
    await dialog.getByLabel('Email professionnel').fill('essi@ailleurs.example');
    await dialog.getByRole('button', { name: 'Modifier le profil' }).click();
    await expect(dialog.getByText(`Seuls les emails @${DOMAIN} sont autorisés.`)).toBeVisible();
    await dialog.getByLabel('Email professionnel').fill(email);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Modifier le profil' }).click();
    await expect(page.getByText('Profil mis à jour avec succès !')).toBeVisible();
    await expect(page.getByTestId('profile-profession')).toHaveText('Chargée de clientèle');
    await expect(page.getByTestId('profile-about')).toHaveText('Suit les grands comptes.');

    // Credentials: new e-mail and password.
    await page.getByRole('button', { name: 'Modifier les identifiants' }).click();
    const creds = page.getByRole('dialog', { name: 'Modifier vos identifiants' });
    await creds.getByLabel('Email professionnel').fill(newEmail);
    await creds.getByLabel('Modifier le mot de passe').fill('Ananas-Nouveau-2');
    // The current password is asked: without it, or wrong, nothing changes.
    await creds.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      creds.getByText('Saisissez votre mot de passe actuel pour changer votre email ou votre mot de passe.'),
    ).toBeVisible();
    await creds.getByLabel('Mot de passe actuel').fill('pas-le-bon');
    await creds.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(creds.getByText('Le mot de passe actuel est incorrect.')).toBeVisible();
    await creds.getByLabel('Mot de passe actuel').fill('Ananas-Initial-1');
    await creds.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Identifiants mis à jour avec succès !')).toBeVisible();

    const self = await staffApi(newEmail, 'Ananas-Nouveau-2');
    const me = await self.get('/api/user');
    expect(me).toMatchObject({
      email: newEmail,
      profession: 'Chargée de clientèle',
      phone: '+228 90 11 22 33',
      about: 'Suit les grands comptes.',
    });
    expect(me.image).toBeTruthy();
    await self.dispose();
  });

  test('recovery e-mails a link that sets a new password', async ({ page }) => {
    const admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
    const email = uniqueEmail('oublieux');
    await createStaff(admin, { role: 'Éditeur', firstname: 'Yao', name: 'Oublieux', email, password: 'Ancien-Motdepasse-1' });
    await admin.dispose();

    await page.goto('/dashboard/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
    await page.getByRole('button', { name: 'Signaler' }).click();
    await expect(page.getByText("L'email est requis.")).toBeVisible();
    await page.getByLabel('Votre email').fill('yao@gmail.com');
    await page.getByRole('button', { name: 'Signaler' }).click();
    await expect(page.getByText(`Seuls les emails @${DOMAIN} sont autorisés.`)).toBeVisible();
    await page.getByLabel('Votre email').fill(email);
    await page.getByRole('button', { name: 'Signaler' }).click();
    await expect(page.getByRole('status').filter({ hasText: /email/i })).toBeVisible();

    let link: string | null = null;
    await expect.poll(() => (link = resetLinkFor(email))).not.toBeNull();
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
    await page.getByLabel('Nouveau mot de passe').fill('Nouveau-Motdepasse-2');
    await page.getByLabel('Confirmer le mot de passe').fill('Autre-chose-2');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
    await page.getByLabel('Confirmer le mot de passe').fill('Nouveau-Motdepasse-2');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByRole('status').first()).toBeVisible();
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await signIn(page, email, 'Nouveau-Motdepasse-2');
    await expect(page.getByRole('heading', { name: 'Bonjour, Yao' })).toBeVisible();

    // The link works once.
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel('Nouveau mot de passe').fill('Encore-Autre-3');
    await page.getByLabel('Confirmer le mot de passe').fill('Encore-Autre-3');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
  });
});
