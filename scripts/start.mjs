#!/usr/bin/env node
// `npm start`: rebuild what is stale, then run the one Comptoir process (API, uploads, dashboard,
// public site). `npm run db:seed` reloads the demo data set and exits.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './lib/builds.mjs';
import { requireNode } from './lib/node-version.mjs';

requireNode();
try {
  buildIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const seedOnly = process.argv.includes('--seed');
const entry = path.join(root, 'api/dist', seedOnly ? 'cli.js' : 'main.js');
const child = spawn(
  process.execPath,
  [entry, ...(seedOnly ? ['seed'] : []), ...process.argv.slice(2).filter((a) => a !== '--seed')],
  {
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
