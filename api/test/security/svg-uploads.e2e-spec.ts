import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { signIn, type StaffClient } from '../support/auth.js';
import { hostileSvg, LOGO_SVG_URL, SVG_XSS_PAYLOADS } from '../support/svg-payloads.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../support/test-app.js';

const ACTIVE_SVG = 'Cette image SVG contient des scripts ou des liens externes et a été refusée.';

/** Every file under the storage folder, with its contents. */
function storedFiles(t: TestApp): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const dir = t.config.storageDir;
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, file), fs.readFileSync(file));
    }
  }
  return files;
}

/** Raw RGBA pixels of an SVG as librsvg (through sharp) draws it. */
const rasterise = (svg: Buffer) => sharp(svg, { density: 144 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

describe(`SVG uploads: DOMPurify's SVG profile plus our refusals (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signIn(t, { blog: 'all', shop: 'all', stock: 'all' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every known SVG XSS payload, as a media and as an avatar, and stores nothing of them', async () => {
    const before = storedFiles(t);
    const answers: Record<string, unknown> = {};
    for (const [label, body] of SVG_XSS_PAYLOADS) {
      const media = await staff.post('/api/upload-media').attach('file', hostileSvg(body), 'logo.svg');
      const avatar = await staff.post('/api/profile/update').attach('image', hostileSvg(body), 'avatar.svg');
      answers[label] = [media.status, media.body.errors?.file, avatar.status, avatar.body.errors?.image];
    }
    expect(answers).toEqual(
      Object.fromEntries(SVG_XSS_PAYLOADS.map(([label]) => [label, [422, [ACTIVE_SVG], 422, [ACTIVE_SVG]]])),
    );
    const after = storedFiles(t);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, content] of after) {
      expect({
        name,
        hostile: /alert\(|javascript:|evil\.example|tracker\.example|onerror|onload/i.test(content.toString('latin1')),
      }).toEqual({
        name,
        hostile: false,
      });
    }
  });

  it('keeps an ordinary logo: its elements are stored and it draws exactly as the original', async () => {
    const logo = fs.readFileSync(LOGO_SVG_URL);
    const res = await staff.post('/api/upload-media').attach('file', logo, 'logo.svg').expect(200);
    expect(res.body.media.mime).toBe('image/svg+xml');

    const url = String(res.body.media.path);
    const served = await request(t.http)
      .get(url.startsWith('/storage/') ? url : `/storage/${url}`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const text = (served.body as Buffer).toString('utf8');
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    for (const kept of ['<linearGradient id="sky"', '<radialGradient id="sun"', '<clipPath id="round">', '<path id="leaf"']) {
      expect(text).toContain(kept);
    }
    for (const kept of ['<use href="#leaf"', 'xlink:href="#leaf"', '<feGaussianBlur', 'viewBox="0 0 240 80"', 'Cie</text>']) {
      expect(text).toContain(kept);
    }

    // The stored file decodes, at the logo's size, to the same pixels as the uploaded one.
    const [original, stored] = await Promise.all([rasterise(logo), rasterise(served.body as Buffer)]);
    expect(stored.info).toMatchObject({ width: original.info.width, height: original.info.height });
    expect(original.info).toMatchObject({ width: 480, height: 160 });
    expect(stored.data.equals(original.data)).toBe(true);
    // And it is a drawing, not an empty canvas: the gradient square and the orange bar are painted.
    const alphaAt = (x: number, y: number) => stored.data[(y * stored.info.width + x) * 4 + 3] ?? 0;
    expect([alphaAt(80, 80) > 200, alphaAt(300, 122) > 200]).toEqual([true, true]);
  });
});
