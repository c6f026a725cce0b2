// The builds `npm start` and `npm test` need: the API (swc) and the dashboard (Vite). The public site
// is built by the running API itself, because its pages are made from the API's data.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashSources, isFresh, writeStamp } from './stale.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const BUILDS = [
  {
    name: 'api',
    sources: ['api/src', 'api/.swcrc', 'api/package.json'],
    stamp: 'api/dist/.build-stamp',
    command: ['npm', ['run', 'build', '-w', 'api', '--silent']],
    clean: 'api/dist',
  },
  {
    name: 'dashboard',
    sources: [
      'dashboard/src',
      'dashboard/public',
      'dashboard/index.html',
      'dashboard/vite.config.ts',
      'dashboard/package.json',
      'site/src/styles',
    ],
    stamp: 'dashboard/dist/.build-stamp',
    command: ['npm', ['run', 'build', '-w', 'dashboard', '--silent']],
    clean: null,
  },
];

export function buildIfStale({ force = false, log = console.log } = {}) {
  for (const build of BUILDS) {
    const hash = hashSources(root, build.sources);
    const stamp = path.join(root, build.stamp);
    if (!force && isFresh(stamp, hash)) continue;
    log(`Building ${build.name}...`);
    const started = Date.now();
    if (build.clean) spawnSync('rm', ['-rf', path.join(root, build.clean)]);
    const [cmd, args] = build.command;
    const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${build.name} build failed`);
    writeStamp(stamp, hash);
    log(`Built ${build.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
