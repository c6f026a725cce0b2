import { afterEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EditOverlay } from './edit-overlay.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const read = (dir: string, name: string) =>
  fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name), 'utf8') : null;

describe('EditOverlay', () => {
  it('replaces an edited page and its file variant, drops a removed one with its variant, keeps the others', async () => {
    const live = tree({
      'product/1.html': 'old 1',
      '.framework/Ab3_x-9Z/product/1.html': 'old 1, React as a file',
      'product/2.html': 'page 2',
      '.framework/Ab3_x-9Z/product/2.html': 'page 2, React as a file',
      'product/3.html': 'gone 3',
      '.framework/Ab3_x-9Z/product/3.html': 'gone 3, React as a file',
    });
    const built = tree({ 'product/1.html': 'new 1', '.framework/Ab3_x-9Z/product/1.html': 'new 1, React as a file' });
    const release = path.join(tree({}), 'release');
    await new EditOverlay(live, built, release).write({ pages: ['product/1'], gone: ['product/3'] });
    expect(read(release, 'product/1.html')).toBe('new 1');
    expect(read(release, '.framework/Ab3_x-9Z/product/1.html')).toBe('new 1, React as a file');
    expect(read(release, '.framework/Ab3_x-9Z/product/2.html')).toBe('page 2, React as a file');
    expect(read(release, 'product/3.html')).toBeNull();
    expect(read(release, '.framework/Ab3_x-9Z/product/3.html')).toBeNull();
  });

  it('never mixes two frameworks: a variant built for another hash is left out (the page is then served with React inside)', async () => {
    const live = tree({ 'product/1.html': 'old', '.framework/Ab3_x-9Z/product/1.html': 'old, as a file' });
    const built = tree({ 'product/1.html': 'new', '.framework/Zz9_y-1A/product/1.html': 'new, other framework' });
    const release = path.join(tree({}), 'release');
    await new EditOverlay(live, built, release).write({ pages: ['product/1'], gone: [] });
    expect(read(release, 'product/1.html')).toBe('new');
    expect(read(release, '.framework/Ab3_x-9Z/product/1.html')).toBeNull();
    expect(fs.existsSync(path.join(release, '.framework/Zz9_y-1A'))).toBe(false);
  });
});
