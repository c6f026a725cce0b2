/**
 * Build-time reads from the running API (COMPTOIR_API_URL). A failing call fails the build, so a
 * half-empty site never replaces the live one (the API keeps the previous release).
 */
import fs from 'node:fs';
import nodePath from 'node:path';
import type {
  ArticleListAnswer,
  CategoriesAnswer,
  ProductFilterAnswer,
  ProductListAnswer,
  PublicArticle,
  PublicCategory,
  PublicProduct,
} from '@comptoir/api/contract';

const STORAGE_DIR = process.env.COMPTOIR_STORAGE_DIR;
const API = (process.env.COMPTOIR_API_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');

async function getJson<T>(path: string): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const res = await fetch(`${API}${path}`, { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
      return (await res.json()) as T;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
    }
  }
  throw new Error(`Cannot read ${API}${path}: ${lastError instanceof Error ? lastError.message : String(lastError)}`);
}

const memo = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    memo.set(key, value);
  }
  return value;
}

/** Every published article, newest first. */
export function allArticles(): Promise<PublicArticle[]> {
  return once('articles', async () => {
    const out: PublicArticle[] = [];
    for (let page = 1; ; page++) {
      const answer = await getJson<ArticleListAnswer>(`/api/article?per_page=100&page=${page}`);
      out.push(...answer.blogs.data);
      if (page >= answer.blogs.last_page) break;
    }
    return out;
  });
}

/** Every product of the catalogue, newest first. */
export function allProducts(): Promise<PublicProduct[]> {
  return once('products', async () => {
    const out: PublicProduct[] = [];
    for (let page = 1; ; page++) {
      const answer = await getJson<ProductListAnswer>(`/api/product?per_page=100&page=${page}`);
      out.push(...answer.products.data);
      if (page >= answer.products.last_page) break;
    }
    return out;
  });
}

export function categories(): Promise<PublicCategory[]> {
  return once('categories', async () => (await getJson<CategoriesAnswer>('/api/categories')).categories);
}

/** The first screen of the catalogue, as GET /api/products/filter answers it with the default filters. */
export function firstProducts(limit: number): Promise<ProductFilterAnswer> {
  return once(`filter:${limit}`, () =>
    getJson<ProductFilterAnswer>(`/api/products/filter?category=all&sort=recent&limit=${limit}`),
  );
}

const fileChecks = new Map<string, Promise<boolean>>();

/** Whether an uploaded file exists (a HEAD request to /storage), for resized copies made at upload time. */
export function storageFileExists(path: string | null | undefined): Promise<boolean> {
  if (!path) return Promise.resolve(false);
  let check = fileChecks.get(path);
  if (!check) {
    // The API runs the build beside its own storage folder: a file check, not one HTTP request per image.
    check = STORAGE_DIR
      ? Promise.resolve(fs.existsSync(nodePath.join(STORAGE_DIR, nodePath.normalize(path).replace(/^(\.\.[/\\])+/, ''))))
      : fetch(`${API}/storage/${path.split('/').map(encodeURIComponent).join('/')}`, { method: 'HEAD' })
          .then((res) => res.ok)
          .catch(() => false);
    fileChecks.set(path, check);
  }
  return check;
}

/** The variants of `variants` whose files really exist (older uploads and demo files may have none). */
export async function existingVariants<T extends Record<string, string> | null | undefined>(variants: T): Promise<T | null> {
  if (!variants) return null;
  const all = await Promise.all(Object.values(variants).map((p) => storageFileExists(p)));
  return all.every(Boolean) ? variants : null;
}
