#!/usr/bin/env node
// The API half of `npm run dev`: compile api/src with swc, run api/dist/main.js, and on every change
// under api/src compile again and restart the server (a failed compile keeps the running server and
// prints the error). Debounced: saving several files at once restarts once.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/builds.mjs';

const apiDir = path.join(root, 'api');
const env = {
  NODE_ENV: 'development',
  LOG_FORMAT: 'pretty',
  BUILD_SITE_ON_BOOT: 'false',
  ...process.env,
};

function compile() {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/@swc/cli/bin/swc.js'),
      'src',
      '-d',
      'dist',
      '--strip-leading-paths',
      '--copy-files',
      '--config-file',
      '.swcrc',
      '--quiet',
    ],
    {
      cwd: apiDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status === 0) console.log(`compiled in ${Date.now() - started} ms`);
  return result.status === 0;
}

let server = null;
let stopping = false;

function start() {
  server = spawn(process.execPath, ['--enable-source-maps', path.join(apiDir, 'dist/main.js')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  server.on('exit', (code, signal) => {
    if (!signal && code && !stopping) console.log(`API exited with code ${code}; waiting for a change in api/src`);
  });
}

/** Stops the running server and waits for it (it releases the DATA_DIR lock on SIGTERM). */
function stop() {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

let timer = null;
let restarting = Promise.resolve();
function changed(file) {
  if (!file || /\.(e2e-)?spec\.ts$/.test(file)) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    restarting = restarting.then(async () => {
      console.log(`change in ${file}: recompiling`);
      if (!compile()) return;
      await stop();
      if (!stopping) start();
    });
  }, 300);
}

if (!compile()) process.exit(1);
start();
fs.watch(path.join(apiDir, 'src'), { recursive: true }, (_event, file) => changed(file));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    stopping = true;
    await stop();
    process.exit(0);
  });
}
