// Nothing staff write is lost: two tabs editing one article never overwrite each
// other silently; an editor whose session ends mid-edit signs in again in place and the save goes
// through; text typed is kept in the browser and offered back after the tab is lost.
import { expect, test, type Page } from '@playwright/test';
import { signIn, SMALL_PNG, staffApi, type StaffApi, toast } from './dashboard-helpers.js';
import { E2E_ADMIN } from './server.js';

const run = Date.now().toString(36);
const PNG = SMALL_PNG;

let admin: StaffApi;

test.beforeAll(async () => {
  admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
});
test.afterAll(async () => {
  await admin?.dispose();
});

async function draftArticle(title: string, text: string): Promise<number> {
  const content = JSON.stringify({ time: Date.now(), blocks: [{ type: 'paragraph', data: { text } }], version: '2.31.0' });
  const res = await admin.send('POST', '/api/blog/create', {
    multipart: { title, content, status: 'Brouillon', image: { name: 'cover.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.blog.id as number;
}

/** Opens the editor on an article and appends `addition` to its first paragraph. */
async function openAndType(page: Page, id: number, current: string, addition: string) {
  await page.goto(`/dashboard/ecrire-article/${id}`);
  const editor = page.getByTestId('article-editor');
  await editor.getByText(current).click();
  await page.keyboard.press('End');
  await page.keyboard.type(addition);
  await expect(editor).toContainText(addition);
}

const stored = async (id: number) => (await admin.get(`/api/blog/${id}`)).blog as { content: string; version: number };
test.describe('dashboard: nothing typed is lost', () => {
  test('two tabs on one article: the second save is refused with who and when, then reloads theirs', async ({ context }) => {
    const id = await draftArticle(`Deux onglets ${run}`, 'Texte de départ.');
    const first = await context.newPage();
    await signIn(first);
    const second = await context.newPage();

    await openAndType(first, id, 'Texte de départ.', ' Ajout du premier onglet.');
    await openAndType(second, id, 'Texte de départ.', ' Ajout du second onglet.');

    await first.getByRole('button', { name: 'Brouillon', exact: true }).click();
    await expect(toast(first, 'Article mis à jour.')).toBeVisible();
    expect((await stored(id)).content).toContain('Ajout du premier onglet.');

    // The second tab's copy is stale: refused, nothing overwritten, and it says who and when.
    await second.getByRole('button', { name: 'Brouillon', exact: true }).click();
    const notice = second.getByTestId('version-conflict');
    await expect(notice).toContainText(
      /a enregistré une autre version le \d{1,2} \S+ \d{4} à \d{2}:\d{2}, pendant que vous modifiiez cet article/,
    );
    const afterRefusal = await stored(id);
    expect(afterRefusal.content).toContain('Ajout du premier onglet.');
    expect(afterRefusal.content).not.toContain('Ajout du second onglet.');

    // "Recharger sa version": the editor now shows the first tab's text; adding to it and saving works.
    await notice.getByRole('button', { name: 'Recharger sa version' }).click();
    const editor = second.getByTestId('article-editor');
    await expect(editor).toContainText('Ajout du premier onglet.');
    await expect(editor).not.toContainText('Ajout du second onglet.');
    await editor.getByText('Ajout du premier onglet.').click();
    await second.keyboard.press('End');
    await second.keyboard.type(' Relu.');
    await second.getByRole('button', { name: 'Brouillon', exact: true }).click();
    await expect(toast(second, 'Article mis à jour.')).toBeVisible();
    const final = await stored(id);
    expect(final.content).toContain('Ajout du premier onglet. Relu.');
    expect(final.version).toBe(afterRefusal.version + 1);
  });

  test('the session ends mid-edit: the text survives a lost tab, and signing in again in place saves it', async ({ context }) => {
    const id = await draftArticle(`Session expirée ${run}`, 'Paragraphe initial.');
    const page = await context.newPage();
    await signIn(page);
    await openAndType(page, id, 'Paragraphe initial.', ' Phrase écrite avant la panne.');

    // The text is kept in this browser as it is typed…
    await expect
      .poll(() =>
        page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('comptoir:article-draft:'))?.[1] ?? ''),
      )
      .toContain('Phrase écrite avant la panne.');
    // …so a closed (or crashed) tab loses nothing: the editor offers it back.
    await page.close();
    const again = await context.newPage();
    await again.goto(`/dashboard/ecrire-article/${id}`);
    const offer = again.getByTestId('local-draft');
    await expect(offer).toContainText('Une version non enregistrée de cet article est conservée dans ce navigateur');
    await offer.getByRole('button', { name: 'Restaurer ce brouillon' }).click();
    const editor = again.getByTestId('article-editor');
    await expect(editor).toContainText('Phrase écrite avant la panne.');

    // The session ends (idle timeout, signed out elsewhere…) while the editor is open.
    await context.clearCookies({ name: 'comptoir_session' });
    await again.getByRole('button', { name: 'Brouillon', exact: true }).click();
    const reauth = again.getByRole('dialog', { name: 'Votre session a expiré' });
    await expect(reauth).toBeVisible();
    await expect(reauth.getByLabel('Email pro')).toHaveValue(E2E_ADMIN.email);
    await reauth.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
    await reauth.getByRole('button', { name: 'Se reconnecter' }).click();

    // The waiting save goes through: on the screen and on the server; the local copy is gone.
    await expect(toast(again, 'Article mis à jour.')).toBeVisible();
    await expect(reauth).toHaveCount(0);
    expect((await stored(id)).content).toContain('Phrase écrite avant la panne.');
    expect(
      await again.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('comptoir:article-draft:')).length),
    ).toBe(0);
  });

  test('an old local draft restored after a newer save is checked like a save: nothing overwritten silently', async ({
    context,
  }) => {
    const id = await draftArticle(`Brouillon ancien ${run}`, 'Texte commun.');
    const page = await context.newPage();
    await signIn(page);
    await openAndType(page, id, 'Texte commun.', ' Phrase du brouillon d’Afi.');
    await expect
      .poll(() =>
        page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('comptoir:article-draft:'))?.[1] ?? ''),
      )
      .toContain('Phrase du brouillon d’Afi.');
    await page.close();

    // Meanwhile the admin saves a newer title and paragraph.
    const before = await stored(id);
    const newerTitle = `Titre de l’admin ${run}`;
    const content = JSON.stringify({
      time: Date.now(),
      blocks: [{ type: 'paragraph', data: { text: 'Paragraphe de l’admin.' } }],
    });
    const res = await admin.send('POST', `/api/blog/${id}/update`, {
      multipart: { title: newerTitle, content, status: 'Brouillon', version: String(before.version) },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);

    // The old draft is offered, says the article changed since, and restoring it then saving is refused.
    const again = await context.newPage();
    await again.goto(`/dashboard/ecrire-article/${id}`);
    const offer = again.getByTestId('local-draft');
    await expect(offer.getByTestId('local-draft-stale')).toContainText('L’article a été enregistré depuis ce brouillon');
    await offer.getByRole('button', { name: 'Restaurer ce brouillon' }).click();
    await expect(again.getByTestId('article-editor')).toContainText('Phrase du brouillon d’Afi.');
    await again.getByRole('button', { name: 'Brouillon', exact: true }).click();
    const notice = again.getByTestId('version-conflict');
    await expect(notice).toContainText(/a enregistré une autre version le/);
    const afterRefusal = (await admin.get(`/api/blog/${id}`)).blog as { title: string; content: string; version: number };
    expect(afterRefusal.title).toBe(newerTitle);
    expect(afterRefusal.content).toContain('Paragraphe de l’admin.');
    expect(afterRefusal.content).not.toContain('Phrase du brouillon d’Afi.');

    // "Recharger sa version" puts the admin's article back on screen.
    await notice.getByRole('button', { name: 'Recharger sa version' }).click();
    await expect(again.getByTestId('article-editor')).toContainText('Paragraphe de l’admin.');
    await expect(again.getByLabel("Titre de l'article")).toHaveValue(newerTitle);
  });
});
