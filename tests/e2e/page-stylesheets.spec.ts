import { expect, test, type Locator, type Page } from '@playwright/test';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import fs from 'node:fs';
import path from 'node:path';
import { apiJson, islandsReady, sendInvalidContact, type ApiProduct } from './public-helpers.js';

/**
 * Each page carries only the rules it can use (site/src/lib/page-styles.ts). Proof that this changes
 * nothing a visitor sees: every element's computed style, in the states the islands reach (the order
 * dialog open, the contact form's errors, toasts), is the same with the page's stylesheet and with the
 * site's whole stylesheet, generated here by Tailwind from the same sources as the build does.
 */

async function wholeStylesheet(): Promise<string> {
  const site = path.resolve('site');
  const entry = path.join(site, 'src/styles/global.css');
  const compiler = await compile(fs.readFileSync(entry, 'utf8'), { base: path.dirname(entry), onDependency: () => {} });
  // As @tailwindcss/vite does: the project's files, plus the stylesheet's own @source.
  const sources = (compiler.root === 'none' ? [] : compiler.root === null ? [{ base: site, pattern: '**/*' }] : [compiler.root])
    .map((source) => ({ ...source, negated: false }))
    .concat(compiler.sources);
  return optimize(compiler.build(new Scanner({ sources }).scan()), { minify: true }).code;
}

/** Every element's computed style (and its ::before, ::after and ::marker), in document order. */
function computedStyles(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')].map((el) => {
      const style: Record<string, string> = {};
      const computed = getComputedStyle(el);
      for (const property of computed) style[property] = computed.getPropertyValue(property);
      for (const pseudo of ['::before', '::after', '::marker']) {
        const part = getComputedStyle(el, pseudo);
        style[pseudo] = [part.content, part.display, part.color, part.backgroundColor, part.width].join(' | ');
      }
      return { element: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`, style };
    }),
  );
}

/**
 * Transitions and finite animations at their end state (a spinner's endless turn stays as it is).
 * A transition exists only once the browser has recomputed the style that starts it: a class changed
 * by an island (a stock badge turning red) or the stylesheet swapped starts its transition at the next
 * style update, which the first getComputedStyle of the reading would otherwise trigger, and that
 * reading would see the old colour. Forcing the whole document's style and layout first creates them
 * all here, where they are finished. Finishing a parent's colour transition then changes the colour its
 * children inherit, which starts their own transitions at the next update (a red badge's dot read
 * green): rounds go on until an update starts none.
 */
const finishAnimations = (page: Page) =>
  page.evaluate(() => {
    for (let round = 0; round < 50; round++) {
      void document.documentElement.offsetHeight;
      const unfinished = document
        .getAnimations()
        .filter((animation) => animation.playState !== 'finished' && animation.effect?.getComputedTiming().endTime !== Infinity);
      if (!unfinished.length) return;
      for (const animation of unfinished) animation.finish();
    }
    throw new Error('transitions still starting after 50 rounds');
  });

/** The Tailwind stylesheets of the page (sonner adds a stylesheet of its own with the first toast). */
const tailwindSheetLengths = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('style')]
      .filter((sheet) => sheet.textContent!.startsWith('/*! tailwindcss'))
      .map((sheet) => sheet.textContent!.length),
  );

/**
 * Stops the page's timers (the clock was installed with the page): a toast that closes on its own
 * timer between the two readings would change the element list. CSS animations are not timers; they
 * are finished by hand.
 */
async function freezeTimers(page: Page): Promise<void> {
  // pauseAt takes a moment ahead of the page's clock, which keeps running until then: a margin the
  // round trip cannot outrun, larger on each try. Timers due within it fire once; what they schedule
  // then waits, so the page's state holds still whichever side of a toast's end it froze on.
  for (let margin = 200; ; margin *= 4) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + margin);
      return;
    } catch (error) {
      if (!String(error).includes('to the past') || margin > 60_000) throw error;
    }
  }
}

/** Waits for an element while the paused clock moves on by small steps (timers the page needs fire). */
async function advanceUntilVisible(page: Page, locator: Locator): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(20);
      return locator.isVisible();
    })
    .toBe(true);
}

async function expectSameAsWholeStylesheet(page: Page, whole: string, what: string): Promise<void> {
  // The pointer stays where the last click left it (a submit button). A scroll since then moves the
  // page under it, and Chromium updates :hover for the new layout only at a later frame, which may
  // come between the two readings (a button read hovered in one and not in the other). A real move
  // updates it at once, for the layout of both readings.
  await page.mouse.move(0, 0);
  await freezeTimers(page);
  await finishAnimations(page);
  const own = await tailwindSheetLengths(page);
  expect(own, what).toHaveLength(1);
  // The page's own stylesheet is markedly smaller than the whole one.
  expect(own[0], what).toBeLessThan(whole.length * 0.9);
  const withOwn = await computedStyles(page);
  await page.evaluate((css) => {
    [...document.querySelectorAll('style')].find((sheet) => sheet.textContent!.startsWith('/*! tailwindcss'))!.textContent = css;
  }, whole);
  await finishAnimations(page);
  const withWhole = await computedStyles(page);
  expect(withWhole.length, what).toBe(withOwn.length);
  const differences: string[] = [];
  withOwn.forEach(({ element, style }, i) => {
    for (const [property, value] of Object.entries(style))
      if (withWhole[i].style[property] !== value)
        differences.push(`${element} ${property}: ${value} ≠ ${withWhole[i].style[property]}`);
  });
  expect(differences.slice(0, 10), `${what}: ${differences.length} differences`).toEqual([]);
  await page.clock.resume();
}

test.describe('per-page stylesheets', () => {
  let whole: string;
  test.beforeAll(async () => {
    whole = await wholeStylesheet();
  });

  for (const width of [390, 1280]) {
    test(`a page's own stylesheet styles it exactly as the whole stylesheet would (${width} px wide)`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.clock.install();
      const article = (await apiJson<{ blogs: { data: { slug: string }[] } }>(page, '/api/article?per_page=1')).blogs.data[0];
      const product = (await apiJson<{ products: { data: ApiProduct[] } }>(page, '/api/product?per_page=1')).products.data[0];
      for (const address of ['/', '/about', '/blog', `/article/${article.slug}`, `/product/${product.id}`, '/page-inconnue']) {
        await page.goto(address);
        await islandsReady(page);
        // The product's live stock arrives whenever its request answers, and may differ from the build's
        // (other tests order this product): a badge turning red between the two readings would be
        // counted as a difference. The readings wait for the check to be over.
        // The product's actions hydrate on sight: on a narrow screen they may start below the first one.
        if (address.startsWith('/product/')) {
          await page.locator('[data-stock-check]').scrollIntoViewIfNeeded();
          await expect(page.locator('[data-stock-check]')).not.toHaveAttribute('data-stock-check', 'prerendered');
        }
        await expectSameAsWholeStylesheet(page, whole, address);
      }

      // The contact form's errors (rendered by its island only after a try).
      const form = await sendInvalidContact(page);
      await expect(form.getByText('Le nom est requis.')).toBeVisible();
      // The map's frame is created when its box nears the screen, which a change of layout between the
      // two readings could bring about (an element more in one of them): it is created first.
      await page.locator('.map-frame').scrollIntoViewIfNeeded();
      await expect(page.locator('.map-frame iframe')).toBeAttached();
      await expectSameAsWholeStylesheet(page, whole, '/contact with errors');

      // The catalogue, a product added (toast) and the order dialog open: none of it is in the HTML.
      await page.goto('/catalogue');
      // Its islands hydrate when reached for (client:touch): the filters and the cart bar, first.
      await page.getByRole('search', { name: 'Filtrer les produits' }).getByLabel('Rechercher').focus();
      await page.locator('[data-cart-button]').focus();
      await islandsReady(page);
      // From here the page's clock moves only when told to, a little at a time while waiting, so the
      // toast's 5 s never run out however long the dialog takes to open on a busy machine.
      await freezeTimers(page);
      await page
        .getByRole('button', { name: /Ajouter au panier/ })
        .first()
        .click();
      await advanceUntilVisible(page, page.locator('[data-sonner-toast]').first());
      await page.locator('[data-cart-button]').click();
      await advanceUntilVisible(page, page.getByRole('dialog'));
      await expectSameAsWholeStylesheet(page, whole, '/catalogue with the order dialog');
      await context.close();
    });
  }
});
