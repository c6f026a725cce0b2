// One dashboard build serves every company: the deployment's facts reach the dashboard from the
// server at run time. This file starts its own server (same build as the other tests) configured for
// another company and signs in there as that company's staff.
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './server.js';

const OTHER = {
  domain: 'ctt.example',
  company: 'Comptoir Technique du Togo',
  email: 'admin@ctt.example',
  password: 'Motdepasse-Ctt-2026',
};

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer(
    {
      COMPANY_EMAIL_DOMAIN: OTHER.domain,
      COMPANY_NAME: OTHER.company,
      ADMIN_EMAIL: OTHER.email,
      ADMIN_PASSWORD: OTHER.password,
      BUILD_SITE_ON_BOOT: 'false',
      SEED_ON_EMPTY: 'false',
    },
    false,
  );
});

test.afterAll(async () => {
  await server?.stop();
});

test('the dashboard built once signs in staff of whatever domain the server is configured with', async ({ page }) => {
  const config = await (await page.request.get(`${server.baseUrl}/api/config`)).json();
  expect(config).toMatchObject({ company_email_domain: OTHER.domain, company_name: OTHER.company });

  await page.goto(`${server.baseUrl}/dashboard/login`);
  await expect(page.getByText(`Gérez le catalogue, le stock, les commandes et le blog de ${OTHER.company}.`)).toBeVisible();
  await expect(page.getByLabel('Email pro')).toHaveAttribute('placeholder', `prenom.nom@${OTHER.domain}`);

  // The demo domain the build used to carry is now refused, with the configured domain named.
  await page.getByLabel('Email pro').fill('admin@comptoir.example');
  await page.getByLabel('Mot de passe', { exact: true }).fill(OTHER.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByText(`Seuls les emails @${OTHER.domain} sont autorisés.`)).toBeVisible();

  await page.getByLabel('Email pro').fill(OTHER.email);
  const signIn = page.waitForResponse((r) => r.url().endsWith('/api/login'));
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  expect((await signIn).status()).toBe(200);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByRole('heading', { name: /^Bonjour,/ })).toBeVisible();
  await expect(page.getByText(`© 2024 ${OTHER.company}. Tous droits réservés.`)).toBeVisible();

  // The session really exists on the server.
  const me = await page.request.get(`${server.baseUrl}/api/user`);
  expect(me.status()).toBe(200);
  expect(JSON.stringify(await me.json())).toContain(OTHER.email);
});

test('the dashboard says so, in French, when the server cannot be reached at start', async ({ page }) => {
  await page.route('**/api/config', (route) => route.abort());
  await page.goto(`${server.baseUrl}/dashboard/login`);
  await expect(page.getByRole('alert')).toContainText('Le serveur ne répond pas.');
  await page.unroute('**/api/config');
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByLabel('Email pro')).toBeVisible();
});
