// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { afterEach, expect, test } from 'vitest';
import serviceWorker from '../../integrations/service-worker.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A release folder with these files, then `/sw.js` written as the site's build writes it. */
async function release(files: Record<string, string>): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-sw-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const done = (serviceWorker() as AstroIntegration).hooks['astro:build:done'] as unknown as (options: {
    dir: URL;
    logger: { info(message: string): void };
  }) => Promise<void>;
  await done({ dir: pathToFileURL(`${dir}/`), logger: { info: () => undefined } });
  return fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
}

const SHELL = {
  '_astro/CartBar.abc123.js': 'export {}',
  '_astro/page.def456.css': 'body{}',
  '_astro/font.789.woff2': 'font',
  '_astro/ClientOrder.aaa111.js': 'export {}',
  '_astro/photo.bbb222.webp': 'image',
  'hors-ligne.html': '<h1>Vous êtes hors ligne</h1>',
  'index.html': '<h1>Accueil</h1>',
};

test('the worker precaches the release shell, not the client area nor images', async () => {
  const sw = await release(SHELL);
  for (const file of ['/_astro/CartBar.abc123.js', '/_astro/page.def456.css', '/_astro/font.789.woff2', '/images/favicon.svg'])
    expect(sw).toContain(`"${file}"`);
  expect(sw).not.toContain('ClientOrder.aaa111.js');
  expect(sw).not.toContain('photo.bbb222.webp');
});

test('a release with a new shell ships a new worker; one that only changed pages keeps it', async () => {
  const first = await release(SHELL);
  expect(await release({ ...SHELL, 'index.html': '<h1>Nouveaux produits</h1>' })).toBe(first);
  const { ['_astro/CartBar.abc123.js']: _, ...rest } = SHELL;
  const changed = await release({ ...rest, '_astro/CartBar.fff999.js': 'export {}' });
  expect(changed).not.toBe(first);
  expect(await release({ ...SHELL, 'hors-ligne.html': '<h1>Hors ligne</h1>' })).not.toBe(first);
});
