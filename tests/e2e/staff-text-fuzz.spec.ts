// No text staff can type breaks or alters a build: the plain-text fields the site
// shows (product name, reference, description, brand and category names, article title and cover alt
// text) are published with the OWASP XSS filter-evasion classics and the markup that once stopped every
// build (`<style>` in an attribute). The build must succeed, each page show the text as typed, and no
// script run.
import { expect, test } from '@playwright/test';
import { TINY_PNG } from '../../scripts/lib/staff-client.mjs';
import { frenchTypography } from '../../site/src/lib/format.js';
import { staffApi, type StaffApi } from './dashboard-helpers.js';
import { E2E_ADMIN } from './server.js';

/** From the OWASP XSS Filter Evasion Cheat Sheet, plus what breaks naive post-processing of markup. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '"><script>alert(2)</script>',
  "'';!--\"<XSS>=&{()}",
  '<IMG SRC="javascript:alert(3);">',
  '<IMG SRC=JaVaScRiPt:alert(4)>',
  '<IMG """><SCRIPT>alert(5)</SCRIPT>">',
  '<IMG SRC=# onmouseover="alert(6)">',
  '<IMG SRC=/ onerror="alert(7)"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|]^`=alert(8)>',
  '<<SCRIPT>alert(9);//<</SCRIPT>',
  '<iframe src=http://xss.rocks/scriptlet.html <',
  '</TITLE><SCRIPT>alert(10);</SCRIPT>',
  '<SVG/onload=alert(11)>',
  '<STYLE>li {list-style-image: url("javascript:alert(12)");}</STYLE>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(13);">',
  '<TABLE BACKGROUND="javascript:alert(14)">',
  '<DIV STYLE="width: expression(alert(15));">',
  '<!--[if gte IE 4]><SCRIPT>alert(16);</SCRIPT><![endif]-->',
  '<BASE HREF="javascript:alert(17);//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<XSS STYLE="behavior: url(xss.htc);">',
  '<style>b</style>',
  '</style>',
  '</script>',
  '<!--',
  ']]>',
  '{{ constructor.constructor("alert(18)")() }}',
  '${alert(19)}',
];

const run = Date.now().toString(36);

test('staff texts holding markup are published as typed, and the build never fails', async ({ page }) => {
  test.setTimeout(300_000);
  const executed: string[] = [];
  page.on('dialog', (dialog) => {
    executed.push(dialog.message());
    void dialog.dismiss();
  });
  const admin: StaffApi = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
  const send = async (path: string, multipart: Record<string, unknown>) => {
    const res = await admin.send('POST', path, { multipart });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  };
  const image = { name: 'image.png', mimeType: 'image/png', buffer: TINY_PNG };

  const brand = (
    await send('/api/brands/create', {
      name: `Marque ${run} ${HOSTILE[24]}`,
      representative: 'R',
      description: HOSTILE[0],
      image,
    })
  ).brand;
  const category = (
    await send('/api/category/create', { designation: `Catégorie ${run} ${HOSTILE[25]}`, description: HOSTILE[1] })
  ).category;
  const currencies = (await admin.get('/api/currencies')).currencies as { id: number; name: string }[];
  const fcfa = currencies.find((c) => c.name === 'Fcfa')!;

  // Two texts per product (name and description), one per article title and its image's alt text.
  const products: { id: number; name: string; description: string; reference: string }[] = [];
  for (let i = 0; i < HOSTILE.length; i += 2) {
    const fields = {
      name: `Produit ${run}-${i} ${HOSTILE[i]}`,
      reference: `F-${run}-${i}`,
      description: HOSTILE[i + 1] ?? HOSTILE[0],
    };
    const saved = (
      await send('/api/product/create', {
        ...fields,
        stock: '3',
        price: '1000',
        brand_id: String(brand.id),
        category_id: String(category.id),
        currency_id: String(fcfa.id),
        'images[0]': image,
      })
    ).product;
    products.push({ id: saved.id, ...fields });
  }
  const articles: { slug: string; title: string; alt: string }[] = [];
  for (let i = 0; i < HOSTILE.length; i += 6) {
    const fields = { title: `Article ${run}-${i} ${HOSTILE[i + 3]}`, alt: HOSTILE[i + 4] ?? HOSTILE[2] };
    const saved = (
      await send('/api/blog/create', {
        title: fields.title,
        status: 'Publié',
        image_alt: fields.alt,
        content: JSON.stringify({ blocks: [{ type: 'paragraph', data: { text: 'Essai de publication.' } }] }),
        image,
      })
    ).blog;
    articles.push({ slug: saved.slug, ...fields });
  }

  // Every change above is live once the queue is empty and the last build succeeded.
  await expect
    .poll(async () => (await admin.get('/api/publishing/status')).status, { timeout: 240_000, intervals: [500] })
    .toMatchObject({ state: 'idle', pending_count: 0, last_error: null });

  for (const product of products) {
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.getByText(product.description, { exact: true })).toBeVisible();
    await expect(page.getByText(`Référence : ${product.reference}`)).toBeVisible();
  }
  await expect(page.getByText(brand.name, { exact: true }).first()).toBeVisible();
  for (const article of articles) {
    await page.goto(`/article/${article.slug}`);
    // Titles get French typography on purpose (a narrow no-break space before « : ; ! ? »), nothing else.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(frenchTypography(article.title));
    await expect(page.getByRole('img', { name: article.alt, exact: true }).first()).toBeAttached();
  }
  await page.goto('/catalogue');
  await expect(page.getByText(category.designation, { exact: true }).first()).toBeAttached();
  expect(executed).toEqual([]);
  await admin.dispose();
});
