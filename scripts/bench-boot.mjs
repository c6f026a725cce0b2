#!/usr/bin/env node
// `npm run bench:boot`: how long an operator waits for the first error line of a bad start, from
// spawning the built entry (api/dist/main.js) to its first line on stderr, for a few typical mistakes.
// Run `npm run build -w api` first. Prints the median of 5 runs per case.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib/builds.mjs';

const main = path.join(root, 'api/dist/main.js');
const busy = net.createServer().listen(0, '127.0.0.1');
await new Promise((resolve) => busy.once('listening', resolve));
const busyPort = String(busy.address().port);

const cases = [
  ['LOG_LEVEL=verbose', { LOG_LEVEL: 'verbose' }],
  ['SMTP_URL=smtp://', { SMTP_URL: 'smtp://' }],
  ['PORT=douze', { PORT: 'douze' }],
  ['busy PORT', { PORT: busyPort, HOST: '127.0.0.1' }],
];

function firstErrorLine(env) {
  return new Promise((resolve, reject) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-boot-'));
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, BUILD_SITE_ON_BOOT: 'false', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let line = '';
    child.stderr.once('data', (chunk) => {
      line = chunk.toString().split('\n')[0];
      resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, line });
    });
    child.once('exit', () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!line) reject(new Error(`no error line for ${JSON.stringify(env)}`));
    });
  });
}

console.log(
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const [label, env] of cases) {
  const times = [];
  let line = '';
  for (let i = 0; i < 5; i++) ({ ms: times[i], line } = await firstErrorLine(env));
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(20)} median ${times[2].toFixed(0).padStart(5)} ms (min ${times[0].toFixed(0)}, max ${times[4].toFixed(0)})  ${line}`,
  );
}
busy.close();
