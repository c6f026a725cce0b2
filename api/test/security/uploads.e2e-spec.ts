import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';
import { signIn, type StaffClient } from '../support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../support/test-app.js';

/** A photo as a phone takes it: EXIF with a GPS position (Lomé) and a camera name. */
const gpsJpeg = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b45309' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TelephoneEspion', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 7/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '1/1 13/1 1200/100' },
    })
    .toBuffer();
const PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>';
/** A real PNG followed by an HTML page: a browser sniffing it could run the script. */
const polyglotPng = async () =>
  Buffer.concat([
    await sharp({ create: { width: 640, height: 480, channels: 4, background: '#1d4ed8' } })
      .png()
      .toBuffer(),
    Buffer.from(PAYLOAD),
  ]);

describe(`uploads are re-encoded (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await signIn(t, { blog: 'all', shop: 'all', stock: 'all' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Fetches a /storage URL (or storage path) and checks what a visitor could read in it. */
  const expectClean = async (url: string) => {
    const address = url.startsWith('/storage/') ? url : `/storage/${url}`;
    const res = await request(t.http)
      .get(address)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect({ address, status: res.status }).toEqual({ address, status: 200 });
    const body = res.body as Buffer;
    const meta = await sharp(body).metadata();
    expect({ address, exif: meta.exif, xmp: meta.xmp }).toEqual({ address, exif: undefined, xmp: undefined });
    const text = body.toString('latin1');
    expect(text).not.toContain('<script');
    expect(text).not.toContain('TelephoneEspion');
    // Nothing after the image's own end: JPEG ends with EOI, PNG with its IEND chunk, WEBP's RIFF size covers the file.
    if (meta.format === 'jpeg') expect(body.subarray(-2).toString('hex')).toBe('ffd9');
    if (meta.format === 'png') expect(body.subarray(-8, -4).toString('latin1')).toBe('IEND');
    if (meta.format === 'webp') expect(body.readUInt32LE(4) + 8).toBe(body.length);
    return body;
  };
  const everyUrlOf = (image: string, variants: Record<string, string> | null) => [image, ...Object.values(variants ?? {})];

  it('a GPS-tagged JPEG and an image+HTML polyglot come back from every /storage URL with no EXIF and no trailing bytes', async () => {
    let checked = 0;
    for (const [file, name] of [
      [await gpsJpeg(), 'photo.jpg'],
      [await polyglotPng(), 'schema.png'],
    ] as const) {
      // Checked after each file: the next avatar replaces (and removes) this one.
      const urls: string[] = [];
      // Media library / Editor.js.
      const media = await staff.post('/api/upload-media').attach('file', file, name).expect(200);
      urls.push(...everyUrlOf(media.body.media.path, media.body.media.image_variants));
      // Avatar (shown on public article pages): its variants exist too.
      const profile = await staff.post('/api/profile/update').attach('image', file, name).expect(200);
      urls.push(profile.body.user.image);
      const path = String(profile.body.user.image).replace(/^\/storage\//, '');
      urls.push(path.replace(/\.[a-z]+$/, '-400.webp'), path.replace(/\.[a-z]+$/, '-800.webp'));
      // A brand logo.
      const brand = await staff
        .post('/api/brands/create')
        .field('name', `Marque ${name}`)
        .field('representative', 'Kossi Mensah')
        .field('description', 'Une marque.')
        .attach('image', file, name)
        .expect(201);
      urls.push(...everyUrlOf(brand.body.brand.image, brand.body.brand.image_variants));
      for (const url of urls) await expectClean(url);
      checked += urls.length;
    }
    expect(checked).toBe(18);
  });

  it('turns a photo upright from its EXIF orientation before dropping the EXIF', async () => {
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#047857' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await staff.post('/api/upload-media').attach('file', sideways, 'tourne.jpg').expect(200);
    expect(res.body.media).toMatchObject({ width: 100, height: 300 });
    const body = await expectClean(res.body.media.path);
    const meta = await sharp(body).metadata();
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation }).toEqual({
      width: 100,
      height: 300,
      orientation: undefined,
    });
  });

  it('refuses SVG drawings too complex to sanitise cheaply, and sanitises the others off the event loop', async () => {
    const rect = '<rect x="1" y="2" width="3" height="4" fill="#f00"/>';
    const svg = (inner: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`);
    for (const body of [svg(rect.repeat(20_000)), svg('<g>'.repeat(200_000) + '</g>'.repeat(200_000))]) {
      const res = await staff.post('/api/upload-media').attach('file', body, 'dessin.svg');
      expect(res.status).toBe(422);
      expect(res.body.errors.file).toEqual(['Cette image SVG est trop complexe (trop d’éléments ou d’imbrications).']);
    }
    const fine = await staff
      .post('/api/upload-media')
      .attach('file', svg(rect.repeat(2_000)), 'schema.svg')
      .expect(200);
    expect(fine.body.media.mime).toBe('image/svg+xml');
  });
});
