#!/usr/bin/env node
// The API's folder-to-folder import graph, from the code: every relative import of api/src/<folder>/…
// that lands in another top-level folder is one edge. Prints a Mermaid graph drawn by layers
// (api/src/core/layers.ts; docs/architecture.md holds its output) and the imports that break them;
// `--json` prints { edges: { from: [to…] } } for tests and scripts.
//   node scripts/import-graph.mjs            the Mermaid picture, by layers (arrows a longer path implies left out)
//   node scripts/import-graph.mjs --all      every arrow
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

const IMPORT = /(?:^|\n)\s*((?:import|export)\s[^'"]*?)from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/**
 * Whether an import (or re-export) brings types only: `import type { A }`, `export type { A }` or
 * `import { type A, type B }`. The compiler erases those: they load no module at run time.
 */
function typeOnly(head) {
  const text = head.trim();
  if (/^(import|export)\s+type\s/.test(text)) return true;
  const named = /^(?:import|export)\s*\{([^}]*)\}\s*$/.exec(text);
  if (!named) return false;
  const names = named[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** Every import between two top-level folders: { from, to, file (relative to api/src), typeOnly }. */
export function importEdges() {
  const edges = [];
  for (const file of sources(root)) {
    const text = fs.readFileSync(file, 'utf8');
    const from = folderOf(file);
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[2] ?? match[3];
      const to = folderOf(path.resolve(path.dirname(file), spec));
      if (to === from) continue;
      edges.push({ from, to, file: path.relative(root, file), typeOnly: match[1] !== undefined && typeOnly(match[1]) });
    }
  }
  return edges;
}

/** Map of folder → folder → the importing files (relative to api/src); `valueOnly` leaves type-only imports out. */
export function importGraph({ valueOnly = false } = {}) {
  const edges = new Map();
  for (const { from, to, file, typeOnly: erased } of importEdges()) {
    if (valueOnly && erased) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    if (!targets.has(to)) targets.set(to, new Set());
    targets.get(to).add(file);
  }
  return edges;
}

/**
 * The value imports that break the layers: a domain folder importing a folder of its own layer or of
 * a higher one, as `from → to: file`. Imports of the foundation and of the composition (the root files,
 * `seed`) are not domain imports; a folder that no layer names breaks them too.
 */
export function layerBreaks(layers, foundation) {
  const rank = new Map(layers.flatMap((layer, index) => layer.folders.map((folder) => [folder, index])));
  const outside = (folder) => foundation.includes(folder) || folder === '(root)' || folder === 'seed';
  const breaks = [];
  for (const { from, to, file, typeOnly: erased } of importEdges()) {
    if (erased || outside(from) || outside(to)) continue;
    if (!rank.has(from) || !rank.has(to) || rank.get(to) >= rank.get(from)) breaks.push(`${from} → ${to}: ${file}`);
  }
  return [...new Set(breaks)].sort();
}

/**
 * The Mermaid picture, by layers (api/src/core/layers.ts), highest first: one subgraph per layer, the
 * foundation (core, common, shared, contract) last, drawn once without the domains' arrows into it.
 * Value imports are arrows (`-->`), imports of types only dotted (`-.->`), value imports that break the
 * layers (upward or sideways) thick (`==>`) and listed at the end.
 */
function mermaid(layers, foundation, { all: drawAll = false } = {}) {
  const lines = ['graph TD'];
  const domains = new Set(layers.flatMap((layer) => layer.folders));
  for (const [index, layer] of [...layers.entries()].reverse()) {
    lines.push(`  subgraph L${index + 1}["${index + 1}. ${layer.name}"]`);
    for (const folder of layer.folders) lines.push(`    ${folder}`);
    lines.push('  end');
  }
  lines.push('  subgraph foundation');
  for (const folder of foundation) lines.push(`    ${folder}`);
  lines.push('  end');
  const value = importGraph({ valueOnly: true });
  const every = importGraph();
  const all = drawAll;
  const breaks = layerBreaks(layers, foundation);
  const broken = new Set(breaks.map((line) => line.split(':')[0]));
  // A value arrow another path of value arrows already implies is left out unless `all` (the picture
  // stays readable: orders --> catalogue is drawn, orders --> media is implied through it).
  // Paths through arrows that break the layers imply nothing.
  const below = (from) =>
    [...(value.get(from)?.keys() ?? [])].filter((next) => domains.has(next) && !broken.has(`${from} → ${next}`));
  const reaches = (from, to, seen = new Set()) =>
    below(from).some((next) => !seen.has(next) && (next === to || reaches(next, to, seen.add(next))));
  const implied = (from, to) => below(from).some((next) => next !== to && reaches(next, to));
  for (const [from, targets] of [...every].sort(([a], [b]) => a.localeCompare(b))) {
    if (!domains.has(from)) continue;
    for (const to of [...targets.keys()].sort()) {
      if (!domains.has(to)) continue;
      const arrow = !value.get(from)?.has(to) ? '-.->' : broken.has(`${from} → ${to}`) ? '==>' : '-->';
      if (arrow === '-->' && !all && implied(from, to)) continue;
      lines.push(`  ${from} ${arrow} ${to}`);
    }
  }
  for (const from of foundation) {
    const targets = [...(value.get(from) ?? [])].filter(
      ([to, files]) => foundation.includes(to) && ![...files].every((f) => f === REGISTRY),
    );
    for (const [to] of targets.sort(([a], [b]) => a.localeCompare(b))) lines.push(`  ${from} --> ${to}`);
  }
  const onFoundation = [...value].filter(
    ([from, targets]) => domains.has(from) && [...targets.keys()].some((to) => foundation.includes(to)),
  );
  lines.push(
    `  %% every domain folder imports the foundation: ${onFoundation
      .map(([from]) => from)
      .sort()
      .join(', ')}`,
  );
  lines.push('  %% core/database/entities.ts (the entity registry) imports every domain with entities');
  const pairs = [...broken].sort();
  lines.push(`  %% value imports breaking the layers (${pairs.length}): ${pairs.join(', ') || 'none'}`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const edges = importGraph();
  if (process.argv.includes('--json')) {
    const plain = Object.fromEntries(
      [...edges].map(([from, targets]) => [from, Object.fromEntries([...targets].map(([to, files]) => [to, [...files].sort()]))]),
    );
    console.log(JSON.stringify(plain, null, 2));
  } else {
    const { LAYERS, FOUNDATION } = await import('../api/src/core/layers.ts');
    console.log(mermaid(LAYERS, FOUNDATION, { all: process.argv.includes('--all') }));
  }
}
