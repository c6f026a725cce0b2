// Images pasted in the article editor: the pasted file is uploaded, described with
// an alt text that is stored and shown again, and the public article serves its resized WebP copies
// (srcset, width/height); a refused paste (too big, not an image) says why in French and leaves no
// spinner and no empty block. Runs against the real built server of global-setup (the site is
// rebuilt in the background when the article is published); the server's state is read back through
// the API.
import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { signIn, SMALL_PNG, staffApi, type StaffApi, toast } from './dashboard-helpers.js';
import { E2E_ADMIN } from './server.js';

const run = Date.now().toString(36);
let admin: StaffApi;

test.beforeAll(async () => {
  admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
});

test.afterAll(async () => {
  await admin?.dispose();
});

/**
 * Pastes a file into a block, as a screenshot pasted from the clipboard arrives, or drops it there as
 * a file dragged from the desktop does.
 */
async function pasteFile(target: Locator, file: { name: string; type: string; bytes: Buffer }, how: 'paste' | 'drop' = 'paste') {
  await target.evaluate(
    (element, { name, type, base64, how }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type }));
      element.dispatchEvent(
        how === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
      );
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64'), how },
  );
}

test.describe.configure({ mode: 'serial' });

test('an image pasted in the editor gets an alt text, is stored with it and is served resized on the public article', async ({
  page,
}) => {
  // A wide screenshot, much larger than the article column: the page must not serve it as is.
  const screenshot = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  let alt = `Schéma de raccordement d’un groupe électrogène ${run}`;
  const title = `Raccorder un groupe électrogène ${run}`;

  await signIn(page);
  await page.goto('/dashboard/ecrire-article');
  const editor = page.getByTestId('article-editor');
  await expect(editor.locator('.codex-editor')).toBeVisible();
  await page.getByLabel("Titre de l'article").fill(title);
  const side = page.getByRole('complementary', { name: "Réglages de l'article" });
  await side.locator('input[type=file]').setInputFiles({ name: 'couverture.png', mimeType: 'image/png', buffer: SMALL_PNG });

  const paragraph = editor.locator('.ce-paragraph').first();
  await paragraph.click();
  await page.keyboard.type('Voici le schéma à suivre.');
  await page.keyboard.press('Enter');
  await pasteFile(editor.locator('.ce-paragraph').last(), { name: 'capture.png', type: 'image/png', bytes: screenshot });
  const block = editor.locator('.image-tool');
  await expect(block.locator('.image-tool__image-picture')).toHaveAttribute('src', /^\/storage\/media\/.+\.png$/);
  await expect(block).toHaveClass(/image-tool--filled/);

  // The alt text field of the image block; Enter in it does not split the article.
  const altField = block.getByLabel('Texte alternatif');
  await altField.fill(alt);
  await altField.press('Enter');
  await expect(editor.locator('.image-tool')).toHaveCount(1);
  await expect(altField).toHaveValue(alt);

  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(toast(page, 'Article publié')).toBeVisible();

  // On the server: the block keeps the alt text and the file's size; the HTML carries them.
  const { blogs } = await admin.get(`/api/blog?search=${encodeURIComponent(run)}`);
  const created = blogs.data.find((b: { title: string }) => b.title === title);
  expect(created, 'the article exists').toBeTruthy();
  const { blog } = await admin.get(`/api/blog/${created.id}`);
  const image = blog.content_json.blocks.find((b: { type: string }) => b.type === 'image');
  expect(image.data).toMatchObject({
    alt,
    file: { url: expect.stringMatching(/^\/storage\/media\//), width: 1600, height: 900 },
  });
  const original: string = image.data.file.url;

  // Reopened in the editor, the alt text is there again; corrected, then saved with Ctrl+S from the field.
  await page.goto(`/dashboard/ecrire-article/${created.id}`);
  const reopened = editor.locator('.image-tool').getByLabel('Texte alternatif');
  await expect(reopened).toHaveValue(alt);
  alt = `${alt} (vue de face)`;
  await reopened.fill(alt);
  // Typing in the field is a change of the article: leaving now asks first.
  await page.getByRole('link', { name: 'Fermer' }).click();
  await page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' }).getByRole('button', { name: 'Rester' }).click();
  await reopened.press('Control+s');
  await expect(toast(page, 'Article mis à jour.')).toBeVisible();
  const saved = (await admin.get(`/api/blog/${created.id}`)).blog;
  expect(saved.content_json.blocks.find((b: { type: string }) => b.type === 'image').data.alt).toBe(alt);

  // The public article, rebuilt in the background: the resized copies with the typed alt.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/article/${blog.slug}`);
        return res.ok() && (await res.text()).includes(`alt="${alt}"`);
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(true);
  await page.goto(`/article/${blog.slug}`);
  const shown = page.locator('.prose-article img');
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute('alt', alt);
  await expect(shown).toHaveAttribute('width', '1600');
  await expect(shown).toHaveAttribute('height', '900');
  await expect(shown).toHaveAttribute('loading', 'lazy');
  const stem = original.replace(/\.png$/, '');
  await expect(shown).toHaveAttribute('srcset', `${stem}-400.webp 400w, ${stem}-800.webp 800w`);
  await expect(shown).toHaveAttribute('src', `${stem}-800.webp`);
  // The browser really loaded a copy, not the original.
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(400|800)\.webp$/);
  for (const copy of [`${stem}-400.webp`, `${stem}-800.webp`]) {
    const res = await page.request.get(copy);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^image\/webp/);
    expect((await res.body()).length).toBeLessThan(screenshot.length);
  }

  expect((await admin.send('DELETE', `/api/blog/${created.id}/delete`)).status).toBe(200);
});

test('a refused paste says why in French and leaves no spinner and no empty block', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/ecrire-article');
  const editor = page.getByTestId('article-editor');
  await expect(editor.locator('.codex-editor')).toBeVisible();
  await editor.locator('.ce-paragraph').first().click();
  await page.keyboard.type('Le texte déjà écrit reste en place.');
  await page.keyboard.press('Enter');

  // Over the server's limit (GET /api/config): refused before sending, with the server's own words.
  const limit: number = (await admin.get('/api/config')).upload_max_bytes;
  const tooBig = Buffer.concat([SMALL_PNG, Buffer.alloc(limit + 1 - SMALL_PNG.length)]);
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/upload-image')) uploads += 1;
  });
  await pasteFile(editor.locator('.ce-paragraph').last(), { name: 'enorme.png', type: 'image/png', bytes: tooBig });
  await expect(toast(page, "L'image ne doit pas dépasser 5MB.")).toBeVisible();
  expect(uploads).toBe(0);
  await expect(editor.locator('.image-tool')).toHaveCount(0);
  await expect(editor.locator('.image-tool__image-preloader:visible')).toHaveCount(0);

  // Dropped, sent, then refused by the server (not really an image): its 422 message, and the block goes.
  await editor.locator('.ce-paragraph').last().click();
  const refused = page.waitForResponse((r) => r.url().includes('/api/upload-image'));
  await pasteFile(
    editor.locator('.ce-paragraph').last(),
    { name: 'faux.png', type: 'image/png', bytes: Buffer.from('Ceci est un texte et pas une image.\n'.repeat(20)) },
    'drop',
  );
  expect((await refused).status()).toBe(422);
  await expect(toast(page, 'Format invalide. Formats acceptés : PNG, JPG, JPEG, SVG, WEBP.')).toBeVisible();
  await expect(editor.locator('.image-tool')).toHaveCount(0);
  await expect(editor.locator('.image-tool__image-preloader:visible')).toHaveCount(0);

  // The rest of the article is untouched.
  await expect(editor.getByText('Le texte déjà écrit reste en place.')).toBeVisible();
});

test('an image pasted as a data: address is uploaded like a pasted file', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/ecrire-article');
  const editor = page.getByTestId('article-editor');
  await expect(editor.locator('.codex-editor')).toBeVisible();
  const paragraph = editor.locator('.ce-paragraph').first();
  await paragraph.click();
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/upload-image'));
  await paragraph.evaluate((element, base64) => {
    const data = new DataTransfer();
    data.setData('text/html', `<img src="data:image/png;base64,${base64}" alt="">`);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, SMALL_PNG.toString('base64'));
  expect((await uploaded).status()).toBe(200);
  await expect(editor.locator('.image-tool__image-picture')).toHaveAttribute('src', /^\/storage\/media\/.+\.png$/);
  await expect(editor.locator('.image-tool')).toHaveClass(/image-tool--filled/);
});
