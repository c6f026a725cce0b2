import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { failureForStaff, pageInOutput } from './build-failure.js';

/** Answers the record look-ups as the database would. */
const database = (rows: Record<string, unknown>[]) => ({ query: async () => rows }) as unknown as DataSource;

const ASTRO_STACK = `astro build exited with 1: 14:02:11 ▶ src/pages/article/[slug].astro
  └─ /article/titre-avec-style/index.html
[ERROR] CssSyntaxError: <css input>:1:1: Unknown word b
    at Input.error (/app/node_modules/postcss/lib/input.js:113:16)`;

describe('what editors are told of a failed build', () => {
  it('names the page and its article, without the stack trace or the server paths', async () => {
    expect(pageInOutput(ASTRO_STACK)).toEqual({ kind: 'article', key: 'titre-avec-style' });
    const told = await failureForStaff(
      `  ├─ /article/la-precedente/index.html (+3ms)\n${ASTRO_STACK}`,
      'r42',
      database([{ title: 'Titre avec <style>' }]),
    );
    expect(told).toBe(
      "La page /article/titre-avec-style (article « Titre avec <style> ») n'a pas pu être construite (publication r42). " +
        'Le site public reste dans sa dernière version en ligne ; le détail technique est dans le journal du serveur.',
    );
    expect(told).not.toMatch(/node_modules|CssSyntaxError|\/app\//);
  });

  it('names a product page by its product', async () => {
    const told = await failureForStaff('Error rendering /product/17.html', 'r1', database([{ name: 'Pompe Grundfos' }]));
    expect(told).toContain('La page /product/17 (produit « Pompe Grundfos »)');
  });

  it('says when the build ran past its time limit, and gives a plain sentence otherwise', async () => {
    expect(await failureForStaff('astro build exited with SIGKILL: build killed after 300 ms', 'r2', database([]))).toMatch(
      /^La construction du site a dépassé sa durée maximale et a été arrêtée \(publication r2\)\./,
    );
    expect(await failureForStaff('ENOSPC: no space left on device, write /srv/site/x', 'r3', database([]))).toMatch(
      /^La construction du site a échoué \(publication r3\)\. Le site public reste/,
    );
  });
});
