import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const IGNORED = new Set(['node_modules', 'dist', '.astro']);

/** A fingerprint of the site's sources (plus `extra`), so a boot rebuilds the site only when they changed. */
export function siteSourceHash(siteDir: string, extra = ''): string {
  const hash = crypto.createHash('sha256');
  hash.update(extra);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (IGNORED.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        hash.update(`${path.relative(siteDir, full)}\n`);
        hash.update(fs.readFileSync(full));
      }
    }
  };
  walk(siteDir);
  return hash.digest('hex').slice(0, 16);
}
