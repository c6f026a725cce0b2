import { describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain ES module script, without type declarations.
import { importGraph, layerBreaks } from '../../../scripts/import-graph.mjs';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FOUNDATION, LAYERS } from './layers.js';

/**
 * The value imports that still break the layers, by pair of folders, each with what it would take.
 * The list only shrinks: a pair that no longer breaks them must leave it (the test says so), a new one
 * fails the test.
 */
const KNOWN_BREAKS: Record<string, string> = {};

type Graph = Map<string, Map<string, Set<string>>>;
const graph = importGraph() as Graph;
const importsOf = (folder: string) => [...(graph.get(folder) ?? new Map<string, Set<string>>())];

/** A file of the application (tests are left out of the graph: they may reach anywhere). */
const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.(e2e-)?spec\.ts$/.test(file);

describe('the layout of api/src (docs/architecture.md)', () => {
  it('core imports no domain folder, except in the entity registry', () => {
    const outside = importsOf('core')
      .filter(([to]) => !FOUNDATION.includes(to))
      .flatMap(([to, files]) =>
        [...files].filter((file) => file !== 'core/database/entities.ts').map((file) => `${file} → ${to}`),
      );
    expect(outside).toEqual([]);
  });

  it('core stands below common: it reaches it through the registry only', () => {
    const files = new Map(importsOf('core')).get('common') ?? new Set<string>();
    expect([...files]).toEqual(['core/database/entities.ts']);
  });

  it('common imports no domain folder but the staff accounts (versioning names who saved a record)', () => {
    const outside = importsOf('common')
      .filter(([to]) => !FOUNDATION.includes(to))
      .flatMap(([to, files]) => [...files].map((file) => `${file} → ${to}`));
    expect(outside).toEqual(['common/versioning.ts → admins']);
  });

  it('shared imports nothing of the API: the front ends ship it', () => {
    expect(importsOf('shared')).toEqual([]);
  });

  it('places every domain folder of api/src in exactly one layer', () => {
    const src = dirname(dirname(fileURLToPath(import.meta.url)));
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !FOUNDATION.includes(entry.name) && entry.name !== 'seed')
      .map((entry) => entry.name)
      .filter((name) => readdirSync(join(src, name), { recursive: true }).some((file) => isSource(String(file))));
    const placed = LAYERS.flatMap((layer) => layer.folders);
    expect([...placed].sort()).toEqual(folders.sort());
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('domain folders import only folders of lower layers (value imports; type-only ones are erased)', () => {
    const breaks = layerBreaks(LAYERS, FOUNDATION) as string[];
    const pairs = [...new Set(breaks.map((line) => line.split(':')[0]))];
    const unknown = breaks.filter((line) => !(line.split(':')[0] in KNOWN_BREAKS));
    expect(unknown).toEqual([]);
    // A pair fixed leaves the list, so that it cannot come back unnoticed.
    expect(Object.keys(KNOWN_BREAKS).filter((pair) => !pairs.includes(pair))).toEqual([]);
  });

  it('sees the registry importing the domains (the graph is read from the code)', () => {
    const registry = importsOf('core').filter(([, files]) => files.has('core/database/entities.ts'));
    expect(registry.map(([to]) => to)).toEqual(expect.arrayContaining(['orders', 'catalogue', 'invoices']));
  });
});
