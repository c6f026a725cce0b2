#!/usr/bin/env node
// `npm run dev`: the development loop. One command starts, with prefixed output, and stops on Ctrl-C:
//   api        the API rebuilt (swc, under a second) and restarted on every change in api/src
//   dashboard  Vite's dev server with hot reload: http://localhost:5173/dashboard/
//   site       Astro's dev server: http://localhost:4321/
// The dashboard and the site proxy /api and /storage to the one API on PORT (default 3000), so
// cookies and uploads behave as in production. The API does not build the static public site in
// this mode (BUILD_SITE_ON_BOOT=false unless set): Astro's dev server renders the pages on request.
import concurrently from 'concurrently';
import path from 'node:path';
import { root } from './lib/builds.mjs';
import { requireNode } from './lib/node-version.mjs';

requireNode();
const port = process.env.PORT || '3000';
const api = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: port, COMPTOIR_API_URL: process.env.COMPTOIR_API_URL || api, FORCE_COLOR: '1' };

const { result } = concurrently(
  [
    { name: 'api', command: `node ${JSON.stringify(path.join(root, 'scripts/dev-api.mjs'))}`, prefixColor: 'cyan', env },
    { name: 'dashboard', command: 'npm run dev --silent -w dashboard', prefixColor: 'magenta', env },
    { name: 'site', command: 'npm run dev --silent -w site', prefixColor: 'green', env },
  ],
  { cwd: root, killOthersOn: ['failure'], prefix: '{name}', padPrefix: true, handleInput: false },
);

result.then(
  () => process.exit(0),
  () => process.exit(process.exitCode ?? 1),
);
