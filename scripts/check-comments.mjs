#!/usr/bin/env node
// The lint stage's check that code says why, not which ticket: a comment citing an issue number
// ("issue 23 item 4") points at a tracker a reader of the repository does not have. Say the reason.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { root } from './lib/builds.mjs';

const CODE = /\.(ts|tsx|mjs|js|astro|css|conf|yaml)$/;
const CITATION = /\b[Ii]ssues? \d+/;
const files = execFileSync('git', ['ls-files', 'api', 'dashboard', 'site', 'tests', 'scripts', 'docker', 'deploy'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => CODE.test(file) && !file.includes('/node_modules/') && !file.endsWith('check-comments.mjs'));

const found = [];
for (const file of files) {
  const path = `${root}/${file}`;
  if (!fs.existsSync(path)) continue;
  fs.readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (CITATION.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
}
if (found.length) {
  console.log(`${found.length} line(s) cite an issue number; say the reason instead:\n${found.join('\n')}`);
  process.exit(1);
}
console.log(`${files.length} files: no comment cites an issue number`);
