// Two-factor sign-in in Chromium: a passkey is added from the profile through the
// DevTools protocol's virtual authenticator, then signs in without e-mail or password.
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { signIn, staffApi } from './dashboard-helpers.js';
import { E2E_ADMIN } from './server.js';

const run = Date.now().toString(36);
const NONE = { view: false, create: false, edit: false, delete: false };

test('passkey: added from the profile, then signs in without a password through a virtual authenticator', async ({ page }) => {
  const admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
  const role = await admin.send('POST', '/api/role/create', {
    multipart: {
      name: `Clés ${run}`,
      description: 'Rôle du test des clés d’accès.',
      permissions: JSON.stringify({ blog: { ...NONE, view: true }, shop: NONE, stock: NONE, orders: NONE, admin: NONE }),
    },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const person = { email: `cles.${run}@comptoir.example`, password: `Hibou-Grand-Duc-${run}-4` };
  const created = await admin.send('POST', '/api/admin/create', {
    multipart: { role_id: String(role.body.role.id), firstname: 'Afi', name: 'Kpodar', ...person },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await admin.dispose();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  await signIn(page, person);
  await page.goto('/dashboard/administration/profile');
  await expect(page.locator('#profile-security-title')).toBeVisible();
  await page.getByRole('button', { name: "Ajouter une clé d'accès" }).click();
  // The first factor comes with the ten recovery codes, shown once.
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByText(/^(Chrome|Navigateur)( sur \w+)?$/).first()).toBeVisible();

  // Signed out, the password alone now asks for the second factor; the passkey answers it.
  await page.context().clearCookies();
  await page.goto('/dashboard/login');
  await page.getByLabel('Email pro').fill(person.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();
  await expect(page.getByLabel("Code de l'application d'authentification")).toHaveCount(0);
  await page.getByRole('button', { name: "Utiliser une clé d'accès" }).click();
  await expect(page.getByRole('heading', { name: /^Bonjour,/ })).toBeVisible();

  // And without e-mail or password at all.
  await page.context().clearCookies();
  await page.goto('/dashboard/login');
  await page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
  await expect(page.getByRole('heading', { name: /^Bonjour,/ })).toBeVisible();
  expect(await page.evaluate(() => fetch('/api/user').then((r) => r.status))).toBe(200);

  // The session ends while the dashboard is open: signing in again in place asks for the second
  // factor too, then the waiting call goes through without leaving the page.
  await page.context().clearCookies({ name: 'comptoir_session' });
  await page.getByRole('link', { name: 'Articles' }).first().click();
  const reauth = page.getByRole('dialog', { name: 'Votre session a expiré' });
  await expect(reauth).toBeVisible();
  await reauth.getByLabel('Mot de passe', { exact: true }).fill(person.password);
  await reauth.getByRole('button', { name: 'Se reconnecter' }).click();
  await reauth.getByRole('button', { name: "Utiliser une clé d'accès" }).click();
  await expect(reauth).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/articles/);
  expect(await page.evaluate(() => fetch('/api/user').then((r) => r.status))).toBe(200);

  // Removing the passkey asks for the current password first; a wrong one changes nothing.
  await page.goto('/dashboard/administration/profile');
  const security = page
    .locator('section, div')
    .filter({ has: page.locator('#profile-security-title') })
    .first();
  await security.getByRole('button', { name: 'Retirer' }).first().click();
  const asking = page.getByRole('dialog', { name: "Retirer la clé d'accès" });
  await asking.getByLabel('Mot de passe actuel').fill('pas-le-bon-mot-de-passe');
  await asking.getByRole('button', { name: 'Retirer' }).click();
  await expect(asking).toContainText('Le mot de passe actuel est incorrect.');
  await asking.getByLabel('Mot de passe actuel').fill(person.password);
  await asking.getByRole('button', { name: 'Retirer' }).click();
  await expect(asking).toHaveCount(0);
  await expect(page.getByText('Clé d’accès retirée.')).toBeVisible();
  const status = await page.evaluate(() => fetch('/api/profile/two-factor').then((r) => r.json()));
  expect(status.passkeys).toEqual([]);
});

test('authentication application: enrolled from the profile with the code it shows, then asked at the next sign-in', async ({
  page,
}) => {
  const admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
  const role = await admin.send('POST', '/api/role/create', {
    multipart: {
      name: `Appli ${run}`,
      description: 'Rôle du test de l’application d’authentification.',
      permissions: JSON.stringify({ blog: { ...NONE, view: true }, shop: NONE, stock: NONE, orders: NONE, admin: NONE }),
    },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const person = { email: `appli.${run}@comptoir.example`, password: `Martin-Pecheur-${run}-7` };
  const created = await admin.send('POST', '/api/admin/create', {
    multipart: { role_id: String(role.body.role.id), firstname: 'Kossi', name: 'Amegan', ...person },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await admin.dispose();
  // What the person's phone would show: the RFC 6238 code of the secret, now or for the next period.
  const codeFor = (secret: string, periods = 0) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + periods * 30 }) as Promise<string>;

  await signIn(page, person);
  await page.goto('/dashboard/administration/profile');
  await page.getByRole('button', { name: 'Configurer une application' }).click();
  await expect(page.getByRole('img', { name: /QR/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code de confirmation').fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Activer' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);

  // The next sign-in asks for the application's code; the one just used would be refused (single use).
  await page.context().clearCookies();
  await page.goto('/dashboard/login');
  await page.getByLabel('Email pro').fill(person.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();
  await page.getByLabel("Code de l'application d'authentification").fill(await codeFor(secret, 1));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByRole('heading', { name: /^Bonjour,/ })).toBeVisible();
  expect(await page.evaluate(() => fetch('/api/user').then((r) => r.status))).toBe(200);
});
