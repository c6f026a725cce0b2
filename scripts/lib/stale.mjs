// Rebuild only what changed: a build is fresh when the hash of its sources matches the stamp it left.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.astro', '.turbo']);

export function hashSources(root, entries) {
  const hash = crypto.createHash('sha256');
  const visit = (full) => {
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) if (!SKIP.has(name)) visit(path.join(full, name));
    } else {
      hash.update(path.relative(root, full));
      hash.update(fs.readFileSync(full));
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return hash.digest('hex');
}

export function isFresh(stampFile, hash) {
  try {
    return fs.readFileSync(stampFile, 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

export function writeStamp(stampFile, hash) {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, hash + '\n');
}
