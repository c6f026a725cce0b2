import { afterEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SiteReleases } from './site-releases.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function release(releases: SiteReleases, id: string, finished: boolean): string {
  const dir = path.join(releases.releasesDir, id);
  fs.mkdirSync(path.join(dir, 'article'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<h1>Accueil</h1>');
  if (finished)
    fs.writeFileSync(path.join(dir, '.release.json'), JSON.stringify({ id, sourceHash: 'h', builtAt: '', durationMs: 1 }));
  return dir;
}

describe('site releases', () => {
  it('removes what a build killed mid-way left, and keeps the live and finished releases', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-releases-'));
    made.push(root);
    const releases = new SiteReleases(root);
    const live = release(releases, '20261126100000000-1', true);
    const older = release(releases, '20261125100000000-1', true);
    const killed = release(releases, '20261126110000000-2', false);
    releases.switchTo(live);

    expect(await releases.removeUnfinished()).toBe(1);
    expect(fs.existsSync(killed)).toBe(false);
    expect(fs.existsSync(live) && fs.existsSync(older)).toBe(true);
    expect(releases.list().map((m) => m.id)).toEqual(['20261126100000000-1', '20261125100000000-1']);
    expect(await releases.removeUnfinished()).toBe(0);
  });
});
