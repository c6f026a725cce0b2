import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteSourceHash } from './site-source-hash.js';

describe('site fingerprint', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-site-hash-'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src/index.astro'), '<h1>Accueil</h1>');
  fs.mkdirSync(path.join(dir, 'node_modules'));

  it('is stable, and changes with the code or with what the configuration shows', () => {
    const company = JSON.stringify({ company: { name: 'Comptoir' } });
    const first = siteSourceHash(dir, company);
    expect(siteSourceHash(dir, company)).toBe(first);
    fs.writeFileSync(path.join(dir, 'node_modules/ignored.js'), 'x');
    expect(siteSourceHash(dir, company)).toBe(first);

    expect(siteSourceHash(dir, JSON.stringify({ company: { name: 'Comptoir SARL' } }))).not.toBe(first);
    fs.writeFileSync(path.join(dir, 'src/index.astro'), '<h1>Bienvenue</h1>');
    expect(siteSourceHash(dir, company)).not.toBe(first);
  });
});
