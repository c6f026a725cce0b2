/**
 * What editors are told when a site build fails: a French sentence that names the page (and its
 * article or product) when the build output shows one. The technical output (Astro's stack trace,
 * server paths) goes to the server's log only: it means nothing to staff and tells an attacker where
 * things are.
 */
import type { DataSource } from 'typeorm';

/** A page of the site named in the build output: `/article/<slug>` or `/product/<id>`. */
const PAGE_IN_OUTPUT = /\/(article|product)\/([a-z0-9-]+)(?:\/index)?(?:\.html)?\b/g;

/** Astro prints each page's path as it starts rendering it: the last one named is the one that failed. */
export function pageInOutput(output: string): { kind: 'article' | 'product'; key: string } | null {
  const match = [...output.matchAll(PAGE_IN_OUTPUT)].at(-1);
  return match ? { kind: match[1] as 'article' | 'product', key: match[2] } : null;
}

const AFTERWORD = 'Le site public reste dans sa dernière version en ligne ; le détail technique est dans le journal du serveur.';

export async function failureForStaff(technical: string, releaseId: string, dataSource: DataSource): Promise<string> {
  if (/build killed after \d+ ms/.test(technical))
    return `La construction du site a dépassé sa durée maximale et a été arrêtée (publication ${releaseId}). ${AFTERWORD}`;
  const page = pageInOutput(technical);
  if (page) {
    const record = await recordLabel(page, dataSource).catch(() => null);
    const what = record ? ` (${record})` : '';
    return `La page /${page.kind}/${page.key}${what} n'a pas pu être construite (publication ${releaseId}). ${AFTERWORD}`;
  }
  return `La construction du site a échoué (publication ${releaseId}). ${AFTERWORD}`;
}

async function recordLabel(page: { kind: 'article' | 'product'; key: string }, dataSource: DataSource): Promise<string | null> {
  if (page.kind === 'article') {
    const [row] = await dataSource.query('SELECT title FROM blog_articles WHERE slug = ?', [page.key]);
    return row ? `article « ${row.title} »` : null;
  }
  if (!/^\d+$/.test(page.key)) return null;
  const [row] = await dataSource.query('SELECT name FROM products WHERE id = ?', [Number(page.key)]);
  return row ? `produit « ${row.name} »` : null;
}
