#!/usr/bin/env node
// `npm run bench:dashboard`: the JavaScript weight of the dashboard's screens as a browser loads them.
// Starts the built API (production mode, demo data) on loopback, opens the sign-in screen in
// Chromium, signs in as the administrator, waits for the home screen (cards and charts drawn), then
// visits the main screens one after the other. For each step it prints the scripts fetched and their
// weight compressed (gzip level 9 of each body, as bench:site counts the public site's), so the
// budgets can be read directly: sign-in ≤ 120 KB, first screen once signed in ≤ 180 KB.
import os from 'node:os';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { BENCH_ADMIN as ADMIN, answers, benchEnvironment, seedBenchData, spawnComptoir } from './lib/bench-seed.mjs';
import { buildIfStale } from './lib/builds.mjs';
import { waitFor } from './lib/stage-steps.mjs';

const BUDGETS = { signIn: 120, firstScreen: 180 };
const SCREENS = [
  ['Commandes', '/dashboard/commandes'],
  ['Produits', '/dashboard/produits'],
  ['Articles', '/dashboard/articles'],
  ['Écrire un article', '/dashboard/ecrire-article'],
  ['Stock', '/dashboard/stock/entrees'],
  ['Clients', '/dashboard/clients'],
  ['Administration', '/dashboard/administration'],
];

const kb = (bytes) => (bytes / 1024).toFixed(1);

buildIfStale();
const { env, remove } = benchEnvironment('bench-dashboard');
await seedBenchData(env);
const { server: api, base, stop } = await spawnComptoir(env, (url) => ({ SITE_URL: url }));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
try {
  await waitFor('the API', 15 * 60_000, answers(base, '/api/health/ready'), {
    abort: () => api.exitCode !== null && `the API exited with ${api.exitCode}`,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  /** Opens a page that records the compressed size of every script it fetches, by path. */
  const recordingPage = async () => {
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, zlib.gzipSync(body, { level: 9 }).length);
    });
    return { page, scripts };
  };
  const sum = (sizes) => [...sizes].reduce((total, size) => total + size, 0);

  // 1. The sign-in screen, first visit (nothing cached).
  const first = await recordingPage();
  await first.page.goto(`${base}/dashboard/login`);
  await first.page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
  await first.page.waitForLoadState('networkidle');
  const signInScripts = new Map(first.scripts);
  const signIn = sum(signInScripts.values());
  const signInFiles = signInScripts.size;
  await first.page.getByLabel('Email pro').fill(ADMIN.email);
  await first.page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await first.page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await first.page.getByRole('heading', { name: /^Bonjour,/ }).waitFor();
  await first.page.close();

  // 2. A signed-in person opening the dashboard (a new tab, cache bypassed: every script counted),
  // until the home's cards and charts are drawn; then each main screen, counting what it adds.
  const second = await recordingPage();
  await second.page.route('**/*', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'cache-control': 'no-cache' } }),
  );
  await second.page.goto(`${base}/dashboard/`);
  await second.page.getByRole('heading', { name: /^Bonjour,/ }).waitFor();
  await second.page.getByTestId('chart-orders-weeks').locator('svg').first().waitFor();
  await second.page.waitForLoadState('networkidle');
  const homeScripts = new Map(second.scripts);
  const home = sum(homeScripts.values());
  const rows = [
    ['Sign-in screen (first visit)', signInFiles, signIn, BUDGETS.signIn],
    ['First screen once signed in (home, cards and charts)', second.scripts.size, home, BUDGETS.firstScreen],
  ];
  for (const [name, url] of SCREENS) {
    const before = new Set(second.scripts.keys());
    await second.page.goto(`${base}${url}`);
    await second.page.locator('main h1').first().waitFor();
    await second.page.waitForLoadState('networkidle');
    const added = [...second.scripts].filter(([file]) => !before.has(file));
    rows.push([`then ${name} (added)`, added.length, sum(added.map(([, size]) => size)), null]);
  }

  console.log(`Dashboard JavaScript per screen (gzip -9 of each script body); load average ${os.loadavg()[0].toFixed(2)}`);
  console.log('| screen | scripts | KB | budget |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [name, files, bytes, budget] of rows)
    console.log(
      `| ${name} | ${files} | ${kb(bytes)} | ${budget ? `${budget} KB ${bytes / 1024 <= budget ? 'met' : 'MISSED'}` : ''} |`,
    );
  if (process.argv.includes('--files'))
    for (const [title, scripts] of [
      ['sign-in', signInScripts],
      ['the first screen once signed in', homeScripts],
    ]) {
      console.log(`\nScripts of ${title}, largest first:`);
      for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`${kb(size).padStart(7)} KB  ${file}`);
    }
} finally {
  await browser.close();
  await stop();
  remove();
}
