#!/usr/bin/env node
// The API's folder-to-folder import graph, from the code: every relative import of api/src/<folder>/…
// that lands in another top-level folder is one edge. Prints a Mermaid graph (docs/architecture.md
// holds its output); `--json` prints { edges: { from: [to…] } } for tests and scripts.
//   node scripts/import-graph.mjs            the Mermaid picture
//   node scripts/import-graph.mjs --json     the edges
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../api/src');
const REGISTRY = 'core/database/entities.ts';

/** Source files (tests excluded: they may reach anywhere to set a scene). */
function sources(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(full));
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(e2e-)?spec\.ts$/.test(entry.name) &&
      !full.includes(`${path.sep}migrations${path.sep}`)
    )
      out.push(full);
  }
  return out;
}

/** The top-level folder of a file under api/src, or "(root)" for app.module.ts, main.ts… */
const folderOf = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  return rel.length > 1 ? rel[0] : '(root)';
};

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Map of folder → folder → the importing files (relative to api/src). */
export function importGraph() {
  const edges = new Map();
  for (const file of sources(root)) {
    const text = fs.readFileSync(file, 'utf8');
    const from = folderOf(file);
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      const to = folderOf(path.resolve(path.dirname(file), spec));
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const targets = edges.get(from);
      if (!targets.has(to)) targets.set(to, new Set());
      targets.get(to).add(path.relative(root, file));
    }
  }
  return edges;
}

/**
 * The Mermaid picture: domain folders, then the foundation they stand on. The foundation folders
 * (core, common, shared, contract) are drawn as one subgraph so that the domains' arrows into it
 * do not hide the arrows between domains.
 */
function mermaid(edges) {
  const FOUNDATION = new Set(['core', 'common', 'shared', 'contract']);
  const lines = ['graph TD'];
  lines.push('  subgraph foundation');
  for (const f of FOUNDATION) lines.push(`    ${f}`);
  lines.push('  end');
  const toFoundation = [];
  // The entity registry (core/database/entities.ts) gathers every domain's entities by design: one
  // note instead of an arrow to each domain.
  const viaRegistryOnly = (files) => [...files].every((f) => f === REGISTRY);
  for (const [from, targets] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
    if (from === '(root)' || from === 'seed') continue;
    const domains = [...targets]
      .filter(([t, files]) => !FOUNDATION.has(t) && t !== '(root)' && !viaRegistryOnly(files))
      .map(([t]) => t)
      .sort();
    for (const to of domains) lines.push(`  ${from} --> ${to}`);
    if (!FOUNDATION.has(from) && [...targets.keys()].some((t) => FOUNDATION.has(t))) toFoundation.push(from);
  }
  for (const from of ['core', 'common', 'shared', 'contract']) {
    const targets = [...(edges.get(from) ?? [])].filter(([t, files]) => FOUNDATION.has(t) && !viaRegistryOnly(files));
    for (const [to] of targets.sort(([a], [b]) => a.localeCompare(b))) lines.push(`  ${from} --> ${to}`);
  }
  lines.push(`  %% every domain folder imports the foundation: ${toFoundation.join(', ')}`);
  lines.push('  %% core/database/entities.ts (the entity registry) imports every domain with entities');
  const mutual = [];
  const real = (from, to) => edges.get(from)?.has(to) && !viaRegistryOnly(edges.get(from).get(to));
  for (const [from, targets] of edges)
    for (const to of targets.keys()) if (from < to && real(from, to) && real(to, from)) mutual.push(`${from} <-> ${to}`);
  if (mutual.length) lines.push(`  %% folders importing each other: ${mutual.sort().join(', ')}`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const edges = importGraph();
  if (process.argv.includes('--json')) {
    const plain = Object.fromEntries(
      [...edges].map(([from, targets]) => [from, Object.fromEntries([...targets].map(([to, files]) => [to, [...files].sort()]))]),
    );
    console.log(JSON.stringify(plain, null, 2));
  } else console.log(mermaid(edges));
}
