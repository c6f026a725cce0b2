import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { inlineScriptHashes, recordReleaseScriptHashes, siteCsp } from '../../src/core/web/security-headers.js';
import { signIn } from '../support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../support/test-app.js';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe(`security headers (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a CSP without inline scripts or eval, a Permissions-Policy, and HSTS only over HTTPS', async () => {
    for (const address of ['/dashboard/', '/api/docs/']) {
      const res = await request(t.http).get(address);
      const csp = String(res.headers['content-security-policy']);
      expect({ address, scripts: directive(csp, 'script-src') }).toEqual({ address, scripts: "script-src 'self'" });
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(directive(csp, 'object-src')).toBe("object-src 'none'");
      // Frames: from this origin only (default-src); the map providers are a site page's, where it has a frame.
      expect(directive(csp, 'default-src')).toBe("default-src 'self'");
      expect(directive(csp, 'frame-src')).toBe('');
      expect(csp).not.toMatch(/https:/);
      expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(res.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const secure = await request(t.http).get('/dashboard/').set('X-Forwarded-Proto', 'https');
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('document headers go with documents only: JSON, scripts and styles carry nosniff and CORP, not the page policies', async () => {
    const page = await request(t.http).get('/api/docs/').set('X-Forwarded-Proto', 'https');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const documentOnly = ['content-security-policy', 'permissions-policy', 'cross-origin-opener-policy', 'referrer-policy'];
    for (const name of documentOnly) expect({ name, value: page.headers[name] }).toEqual({ name, value: expect.any(String) });
    // Framing is refused by the CSP's frame-ancestors; the headers only old browsers read are not sent.
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    for (const legacy of [
      'x-frame-options',
      'x-xss-protection',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-dns-prefetch-control',
    ])
      expect({ legacy, value: page.headers[legacy] }).toEqual({ legacy, value: undefined });
    const script = (await request(t.http).get('/api/docs/').expect(200)).text.match(/src="\.?\/?([^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    for (const address of ['/api/health', '/api/article', `/api/docs/${script}`]) {
      const res = await request(t.http).get(address).set('X-Forwarded-Proto', 'https');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).not.toMatch(/html/);
      for (const name of [...documentOnly, 'strict-transport-security'])
        expect({ address, name, value: res.headers[name] }).toEqual({ address, name, value: undefined });
      expect({
        address,
        nosniff: res.headers['x-content-type-options'],
        corp: res.headers['cross-origin-resource-policy'],
      }).toEqual({
        address,
        nosniff: 'nosniff',
        corp: 'same-origin',
      });
    }
  });

  it('every staff answer, refusals included, is no-store', async () => {
    const admin = await signIn(t, { admin: 'all', blog: ['view'] });
    for (const address of ['/api/admin', '/api/role', '/api/user', '/api/blog', '/api/order']) {
      const anonymous = await request(t.http).get(address);
      expect({ address, status: anonymous.status, cache: anonymous.headers['cache-control'] }).toEqual({
        address,
        status: 401,
        cache: 'no-store',
      });
      const staff = await admin.get(address);
      expect({ address, cache: staff.headers['cache-control'] }).toEqual({ address, cache: 'no-store' });
    }
  });

  it('hashed assets are cached for a year with lean headers: no CSP, no revalidation headers', async () => {
    const page = await request(t.http).get('/dashboard/');
    const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const res = await request(t.http).get(script!);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const absent of ['etag', 'last-modified', 'accept-ranges', 'content-security-policy', 'permissions-policy'])
      expect({ header: absent, value: res.headers[absent] }).toEqual({ header: absent, value: undefined });
    // The page itself still revalidates.
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('the site release CSP allows exactly the inline scripts its pages carry, by hash', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-csp-'));
    try {
      const island = "(()=>{customElements.define('astro-island',class extends HTMLElement{})})();";
      fs.writeFileSync(
        path.join(dir, 'index.html'),
        `<html><head><script>${island}</script><script type="application/ld+json">{"@type":"Organization"}</script>` +
          `<script type="module" src="/_astro/page.js"></script></head><body></body></html>`,
      );
      fs.mkdirSync(path.join(dir, 'blog'));
      fs.writeFileSync(path.join(dir, 'blog', 'a.html'), "<script>document.documentElement.classList.add('js');</script>");
      fs.writeFileSync(
        path.join(dir, 'contact.html'),
        '<main><iframe src="https://www.openstreetmap.org/export/embed.html" title="Plan"></iframe></main>',
      );
      const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
      expect(inlineScriptHashes(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'))).toEqual([hash(island)]);
      // Staff text in an attribute is text: `<script>` there neither adds a hash nor hides the real script.
      const titled = `<meta property="og:title" content="Titre <script>alert(1)"><script>${island}</script><p>fin</p>`;
      expect(inlineScriptHashes(titled)).toEqual([hash(island)]);
      const csp = siteCsp(dir);
      expect(directive(csp, 'script-src').split(' ').sort()).toEqual(
        ['script-src', "'self'", hash(island), hash("document.documentElement.classList.add('js');")].sort(),
      );
      expect(directive(csp, 'script-src')).not.toMatch(/unsafe-inline/);
      // Site pages draw no image and load no font from data: or blob: addresses: their images and fonts
      // come from this origin only (default-src), written once.
      expect(csp).not.toMatch(/data:|blob:/);
      expect({ images: directive(csp, 'img-src'), fonts: directive(csp, 'font-src') }).toEqual({ images: '', fonts: '' });
      expect(directive(csp, 'default-src')).toBe("default-src 'self'");
      // The map providers only on a page with a frame (and for a page not known); elsewhere frames stay on this origin.
      const maps = "frame-src 'self' https://www.openstreetmap.org https://maps.google.com https://www.google.com";
      expect(directive(siteCsp(dir, path.join(dir, 'contact.html')), 'frame-src')).toBe(maps);
      expect(directive(csp, 'frame-src')).toBe(maps);
      for (const page of ['index.html', path.join('blog', 'a.html')]) {
        const policy = siteCsp(dir, path.join(dir, page));
        expect({ page, frames: directive(policy, 'frame-src'), fallback: directive(policy, 'default-src') }).toEqual({
          page,
          frames: '',
          fallback: "default-src 'self'",
        });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('only a page carrying the launcher of its React copy allows blob: scripts, besides its inline scripts by hash', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-csp-blob-'));
    try {
      const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
      const launcher = 'run();';
      // React's text is not a script the browser runs (text/plain): no hash for it, only the launcher's.
      fs.writeFileSync(
        path.join(dir, 'catalogue.html'),
        `<body><script type="text/plain" data-framework="Ab3_x-9Z">globalThis.x=1</script><script data-framework-launcher>${launcher}</script></body>`,
      );
      fs.writeFileSync(path.join(dir, 'about.html'), '<script>un();</script>');
      await recordReleaseScriptHashes(dir, new Map());
      expect(directive(siteCsp(dir, path.join(dir, 'catalogue.html')), 'script-src')).toBe(
        `script-src 'self' ${hash(launcher)} blob:`,
      );
      expect(directive(siteCsp(dir, path.join(dir, 'about.html')), 'script-src')).toBe(`script-src 'self' ${hash('un();')}`);
      // An attribute is not a script: staff text naming the attribute allows nothing.
      expect(inlineScriptHashes('<p title="<script data-framework-launcher>">x</p><script>un();</script>')).toEqual([
        hash('un();'),
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a publish records its release CSP reading only the pages it rendered (the others are links to pages read before)', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-csp-releases-'));
    try {
      const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
      const first = path.join(root, 'r1');
      fs.mkdirSync(path.join(first, 'article'), { recursive: true });
      for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(first, 'article', `a${i}.html`), '<script>un();</script>');
      const known = new Map<string, string[]>();
      expect(await recordReleaseScriptHashes(first, known)).toBe(5);

      // The next release: the five pages restored as hard links, one new page with another script.
      const second = path.join(root, 'r2');
      fs.mkdirSync(path.join(second, 'article'), { recursive: true });
      for (let i = 0; i < 5; i++)
        fs.linkSync(path.join(first, 'article', `a${i}.html`), path.join(second, 'article', `a${i}.html`));
      fs.writeFileSync(path.join(second, 'article', 'nouveau.html'), '<script>deux();</script>');
      expect(await recordReleaseScriptHashes(second, known)).toBe(1);
      expect(directive(siteCsp(second), 'script-src').split(' ').sort()).toEqual(
        ['script-src', "'self'", hash('un();'), hash('deux();')].sort(),
      );
      expect(directive(siteCsp(first), 'script-src').split(' ').sort()).toEqual(['script-src', "'self'", hash('un();')].sort());
      // Each page's own policy lists only the scripts that page carries; a file the record does not know gets the union.
      expect(directive(siteCsp(second, path.join(second, 'article', 'nouveau.html')), 'script-src')).toBe(
        `script-src 'self' ${hash('deux();')}`,
      );
      expect(directive(siteCsp(second, path.join(second, 'article', 'a0.html')), 'script-src')).toBe(
        `script-src 'self' ${hash('un();')}`,
      );
      expect(
        directive(siteCsp(second, path.join(second, 'inconnue.html')), 'script-src')
          .split(' ')
          .sort(),
      ).toEqual(['script-src', "'self'", hash('un();'), hash('deux();')].sort());
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
