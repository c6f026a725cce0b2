// "Sessions actives" of the profile: a person signed in twice sees both sessions,
// ends the other one from the dashboard, and the server really refuses that session's cookie afterwards.
import { expect, test } from '@playwright/test';
import { signIn, staffApi } from './dashboard-helpers.js';
import { E2E_ADMIN } from './server.js';

const run = Date.now().toString(36);
const NONE = { view: false, create: false, edit: false, delete: false };

test('profile: sees its two sessions, disconnects the other one, whose cookie then gets 401', async ({ page }) => {
  const admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
  const role = await admin.send('POST', '/api/role/create', {
    multipart: {
      name: `Sessions ${run}`,
      description: 'Rôle du test des sessions.',
      permissions: JSON.stringify({ blog: { ...NONE, view: true }, shop: NONE, stock: NONE, orders: NONE, admin: NONE }),
    },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const person = { email: `sessions.${run}@comptoir.example`, password: `Poisson-Lune-${run}-7` };
  const created = await admin.send('POST', '/api/admin/create', {
    multipart: { role_id: String(role.body.role.id), firstname: 'Kafui', name: 'Amegah', ...person },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await admin.dispose();

  // The "other device": a second session of the same person, through the API.
  const other = await staffApi(person.email, person.password);
  expect(await other.status('/api/user')).toBe(200);

  await signIn(page, person);
  await page.goto('/dashboard/administration/profile');
  const table = page.getByRole('table', { name: 'Sessions actives' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  const current = rows.filter({ hasText: 'Cette session' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Chrome sur Linux');
  await expect(current.getByRole('button', { name: /^Déconnecter/ })).toHaveCount(0);

  const otherRow = rows.filter({ hasNotText: 'Cette session' });
  await otherRow.getByRole('button', { name: /^Déconnecter/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Déconnecter la session');
  await dialog.getByRole('button', { name: 'Déconnecter' }).click();
  await expect(page.getByText('Session déconnectée.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Cette session');
  await expect(page.getByRole('button', { name: 'Déconnecter les autres' })).toBeDisabled();

  // The server really ended it: its cookie is refused; this browser's session still works.
  expect(await other.status('/api/user')).toBe(401);
  await other.dispose();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Sessions actives' }).getByText('Cette session')).toBeVisible();
});
