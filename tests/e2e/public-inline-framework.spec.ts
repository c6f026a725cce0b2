import { expect, test } from '@playwright/test';
import { addFirstToCart, islandsReady, rewritePage } from './public-helpers.js';

/** React's production build names its errors by this address: wherever React's code is, it is. */
const REACT = 'react.dev/errors/';

test('an island page carries React in its HTML, no script file of it does, and its buttons work', async ({ page, context }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/catalogue');
  await islandsReady(page);
  await addFirstToCart(page);
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown[]);
  expect(cart).toHaveLength(1);

  // A visitor without the framework kept (no cookie: public-framework-file.spec.ts for the other case).
  await context.clearCookies();
  const html = await (await page.request.get('/catalogue')).text();
  expect(html.split(REACT).length - 1, 'React inside the page').toBeGreaterThan(0);
  // After the content: the last script of the body.
  expect(html.lastIndexOf(REACT)).toBeGreaterThan(html.lastIndexOf('</main>'));
  // The page's copy runs from a blob: address made of its own text; every file from the server is without React.
  const files = scripts.filter((url) => !url.startsWith('blob:'));
  expect(scripts.length - files.length, 'React run from the page’s own text').toBe(1);
  expect(files.length).toBeGreaterThan(0);
  for (const url of files) expect(await (await page.request.get(url)).text(), url).not.toContain(REACT);
});

test('React still runs when the body gets an element between its copy and the launcher (a tap’s message while the page arrives)', async ({
  page,
}) => {
  // On a slow connection a tap before the end of the HTML adds the early-tap message to the body while
  // the parser is inside React's copy: the launcher is then parsed after that message, not next to the copy.
  await rewritePage(page, '**/catalogue', (_headers, html) => {
    const launcher = '</script><script data-framework-launcher>';
    expect(html).toContain(launcher);
    return html.replace(
      launcher,
      '</script><p id="early-cart-status" role="status">Produit ajouté</p><script data-framework-launcher>',
    );
  });
  await page.goto('/catalogue');
  await islandsReady(page);
  await addFirstToCart(page);
});
