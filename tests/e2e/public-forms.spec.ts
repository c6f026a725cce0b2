import { expect, test } from '@playwright/test';
import { holdRequests, islandsReady, query, sendInvalidContact, toast, waitForMail } from './public-helpers.js';

test.describe('contact form', () => {
  test('the contact panel: mailto and tel links, address, lazily loaded 344 px map', async ({ page }) => {
    // No internet in tests: the map's host answers from here.
    await page.route(/maps\.google\.com|openstreetmap\.org/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>carte</p>' }),
    );
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Nos informations' })).toBeVisible();
    await expect(
      page.getByText('Vous pouvez nous joindre par différents moyens ou simplement nous laisser un message par email.'),
    ).toBeVisible();
    const panel = page.locator('main');
    await expect(panel.getByRole('link', { name: 'contact@comptoir.example' })).toHaveAttribute(
      'href',
      'mailto:contact@comptoir.example',
    );
    await expect(panel.getByRole('link', { name: '+228 90 00 00 01' })).toHaveAttribute('href', 'tel:+22890000001');
    await expect(panel.getByRole('link', { name: '+228 22 00 00 02' })).toHaveAttribute('href', 'tel:+22822000002');
    await expect(panel.getByText('Lomé-Togo, Agoe Cacaveli').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nous contacter par email' })).toBeVisible();
    // The box holds its 344 px before the map loads (nothing moves when it does), then the frame fills it.
    const box = page.locator('section', { has: page.getByRole('heading', { name: 'Plan d’accès' }) }).locator('.map-frame');
    expect((await box.boundingBox())!.height).toBe(344);
    await box.scrollIntoViewIfNeeded();
    const map = box.locator('iframe');
    await expect(map).toHaveAttribute('title', /Carte/);
    expect((await map.boundingBox())!.height).toBe(344);
    await expect(page.getByPlaceholder('Raison du message')).toBeVisible();
    await expect(page.getByPlaceholder('Votre message')).toHaveCSS('height', '128px');
  });

  test('server errors under each field, then success popup that closes by itself, form cleared, mail sent', async ({ page }) => {
    const started = Date.now();
    const form = await sendInvalidContact(page);
    await expect(form.getByText('Le nom est requis.')).toBeVisible();
    await expect(form.getByText("L'adresse email n'est pas valide.")).toBeVisible();
    await expect(form.getByText("L'objet est requis.")).toBeVisible();
    await expect(form.getByText('Le message doit contenir au moins 10 caractères.')).toBeVisible();
    await expect(form.getByLabel('Nom et Prénom')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Votre email')).toHaveValue('pas-un-email');

    const object = `Demande de devis ${started}`;
    await form.getByLabel('Nom et Prénom').fill('Edem Akakpo');
    await form.getByLabel('Votre email').fill('edem.akakpo@entreprise.example');
    await form.getByLabel('Objet').fill(object);
    await form.getByLabel('Message').fill('Bonjour, pouvez-vous nous envoyer un devis pour deux motopompes ? Merci.');
    const release = await holdRequests(page, '**/api/contact');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Envoi en cours' })).toBeAttached();
    release();
    await expect(form.getByText('Le nom est requis.')).toBeHidden();
    const popup = page.getByRole('dialog', { name: 'Message envoyé' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Votre message a bien été envoyé.');
    await expect(form.getByLabel('Nom et Prénom')).toHaveValue('');
    await expect(form.getByLabel('Objet')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    const openedAt = Date.now();
    await expect(popup).toBeHidden();
    expect(Date.now() - openedAt).toBeGreaterThan(2500);

    expect(query('SELECT name, email FROM contact_messages WHERE object = ?', object)).toEqual([
      { name: 'Edem Akakpo', email: 'edem.akakpo@entreprise.example' },
    ]);
    const mail = await waitForMail(started, (text) => text.includes(`Subject-decoded: [Contact] ${object}`));
    expect(mail).toContain('To: contact@comptoir.example');
    expect(mail).toContain('deux motopompes');
  });

  test('on a phone the form hydrates as it comes into view; what was typed before is sent, a submit before waits', async ({
    browser,
  }) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true });
    const page = await phone.newPage();
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    // Below the first screen: its code is fetched ahead (low priority), nothing hydrates.
    const form = page.locator('[data-contact-form]');
    const island = page.locator('astro-island', { has: form });
    await expect(island).toHaveAttribute('ssr', '');

    // What a visitor on a slow link does before React has hydrated the form: types, then sends.
    const object = `Avant l’hydratation ${Date.now()}`;
    const typed = {
      name: 'Afi Mensah',
      email: 'afi.mensah@entreprise.example',
      object,
      message: 'Bonjour, je voudrais un devis pour un groupe électrogène de 20 kVA.',
    };
    await form.evaluate((element: HTMLFormElement, values) => {
      for (const [name, value] of Object.entries(values)) (element.elements.namedItem(name) as HTMLInputElement).value = value;
      element.requestSubmit();
    }, typed);
    const status = page.locator('#early-cart-status');
    await expect(status).toHaveText('Un instant : le formulaire se prépare.');
    expect(new URL(page.url()).search).toBe('');
    await expect(form.getByLabel('Nom et Prénom')).toHaveValue('Afi Mensah');
    await expect(island).toHaveAttribute('ssr', '');

    // In view, it hydrates, says so, and sends what was typed.
    await form.scrollIntoViewIfNeeded();
    await expect(island).not.toHaveAttribute('ssr');
    await expect(status).toHaveText('Le formulaire est prêt : vous pouvez l’envoyer.');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByRole('dialog', { name: 'Message envoyé' })).toBeVisible();
    // The note about waiting has served: it does not stay on screen beside the answer.
    await expect(status).toHaveCount(0);
    expect(query('SELECT name, email, message FROM contact_messages WHERE object = ?', object)).toEqual([
      { name: typed.name, email: typed.email, message: typed.message },
    ]);
    await phone.close();
  });

  test('a network failure is told to the visitor and the form is kept', async ({ page }) => {
    await page.goto('/contact');
    await islandsReady(page);
    const form = page.locator('[data-contact-form]');
    await form.getByLabel('Nom et Prénom').fill('Hors Ligne');
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Le message n’a pas pu être envoyé : vérifiez votre connexion puis réessayez.',
    );
    await expect(form.getByLabel('Nom et Prénom')).toHaveValue('Hors Ligne');
    await expect(form.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
  });
});

test.describe('newsletter', () => {
  test('footer box: French success toast, address stored once', async ({ page }) => {
    const email = `lecteur-${Date.now()}@exemple.example`;
    await page.goto('/about');
    const box = page.locator('footer form[data-newsletter]');
    await box.getByPlaceholder('Votre adresse email').fill(email);
    await box.getByRole('button', { name: 'S’inscrire' }).click();
    await expect(
      toast(
        page,
        'Merci ! Pour confirmer votre inscription à la newsletter, ouvrez le lien que nous venons de vous envoyer par email.',
      ),
    ).toBeVisible();
    await expect(box.getByPlaceholder('Votre adresse email')).toHaveValue('');
    expect(query('SELECT email FROM newsletter_subscribers WHERE email = ?', email)).toHaveLength(1);
    // Same answer for a known address, no duplicate.
    await box.getByPlaceholder('Votre adresse email').fill(email.toUpperCase());
    await box.getByRole('button', { name: 'S’inscrire' }).click();
    await expect(
      toast(
        page,
        'Merci ! Pour confirmer votre inscription à la newsletter, ouvrez le lien que nous venons de vous envoyer par email.',
      ),
    ).toHaveCount(2);
    expect(query('SELECT email FROM newsletter_subscribers WHERE email = ?', email)).toHaveLength(1);
  });

  test('blog banner: an invalid address gets the French error in a toast and under the field', async ({ page }) => {
    await page.goto('/blog');
    const banner = page.locator('form[data-newsletter="banner"]');
    await expect(page.getByText('Inscrivez-vous à la newsletter pour ne rien rater de l’actualité')).toBeVisible();
    await banner.getByPlaceholder('Votre adresse email').fill('pas-une-adresse');
    await banner.getByRole('button', { name: 'S’inscrire' }).click();
    await expect(toast(page, "L'adresse email n'est pas valide.")).toBeVisible();
    await expect(banner.getByText("L'adresse email n'est pas valide.")).toBeVisible();
    await expect(banner.getByPlaceholder('Votre adresse email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a network failure is told in French', async ({ page }) => {
    await page.goto('/');
    await page.route('**/api/newsletter', (route) => route.abort('internetdisconnected'));
    const box = page.locator('footer form[data-newsletter]');
    await box.getByPlaceholder('Votre adresse email').fill('hors-ligne@exemple.example');
    await box.getByRole('button', { name: 'S’inscrire' }).click();
    await expect(
      toast(page, 'Impossible de vous inscrire pour le moment : vérifiez votre connexion et réessayez.'),
    ).toBeVisible();
  });
});
