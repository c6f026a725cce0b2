import { describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain ES module script, without type declarations.
import { importGraph } from '../../../scripts/import-graph.mjs';

/** Folders below the domains: what they import must stay among themselves. */
const FOUNDATION = ['core', 'common', 'shared', 'contract'];

type Graph = Map<string, Map<string, Set<string>>>;
const graph = importGraph() as Graph;
const importsOf = (folder: string) => [...(graph.get(folder) ?? new Map<string, Set<string>>())];

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

  it('sees the registry importing the domains (the graph is read from the code)', () => {
    const registry = importsOf('core').filter(([, files]) => files.has('core/database/entities.ts'));
    expect(registry.map(([to]) => to)).toEqual(expect.arrayContaining(['orders', 'catalogue', 'invoices']));
  });
});
