/**
 * Build-time reads from the running API (COMPTOIR_API_URL). A failing call fails the build, so a
 * half-empty site never replaces the live one (the API keeps the previous release).
 */
import fs from 'node:fs';
import type {
  ArticleListAnswer,
  CategoriesAnswer,
  ProductFilterAnswer,
  ProductListAnswer,
  PublicArticle,
  PublicCategory,
  PublicProduct,
} from '@comptoir/api/contract';

/** Stored files, one path a line, listed by the API before it starts the build (any storage driver). */
const STORAGE_INDEX = process.env.COMPTOIR_STORAGE_INDEX;
let storedFiles: Set<string> | undefined;
function storageIndex(): Set<string> {
  storedFiles ??= new Set(fs.readFileSync(STORAGE_INDEX!, 'utf8').split('\n').filter(Boolean));
  return storedFiles;
}
/**
 * Every published article and product, written by the API just before it starts the build (one file
 * instead of N/100 paginated requests). Without it (`astro dev`, a build by hand) they are read page
 * by page from the API.
 */
const BUILD_DATA = process.env.COMPTOIR_BUILD_DATA;
let buildData: Promise<{ articles: PublicArticle[]; products: PublicProduct[] }> | undefined;
/**
 * The API writes the file while Astro starts (it appears, complete, by a rename): wait for it. A
 * failed read on the API's side stops this build; the API's build timeout bounds the wait.
 */
function snapshot() {
  buildData ??= (async () => {
    for (;;) {
      try {
        return JSON.parse(await fs.promises.readFile(BUILD_DATA!, 'utf8')) as {
          articles: PublicArticle[];
          products: PublicProduct[];
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return buildData;
}
const API = (process.env.COMPTOIR_API_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');

async function getJson<T>(path: string): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // no-cache: the build reads the data as it is now. The change that started it may have been made
      // on another replica, whose publishing did not empty this process's public answer cache.
      const res = await fetch(`${API}${path}`, { headers: { Accept: 'application/json', 'Cache-Control': 'no-cache' } });
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
    if (BUILD_DATA) return (await snapshot()).articles;
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
    if (BUILD_DATA) return (await snapshot()).products;
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

/** The first screen of the catalogue, as GET /api/products/filter answers it with the default filters (prices in FCFA). */
export function firstProducts(limit: number): Promise<ProductFilterAnswer> {
  return once(`filter:${limit}`, () =>
    getJson<ProductFilterAnswer>(`/api/products/filter?category=all&sort=recent&limit=${limit}&devise=XOF`),
  );
}

const fileChecks = new Map<string, Promise<boolean>>();

/** Whether an uploaded file exists (a HEAD request to /storage), for resized copies made at upload time. */
export function storageFileExists(path: string | null | undefined): Promise<boolean> {
  if (!path) return Promise.resolve(false);
  let check = fileChecks.get(path);
  if (!check) {
    // The API lists its storage for the build: a lookup, not one HTTP request per image.
    check = STORAGE_INDEX
      ? Promise.resolve(storageIndex().has(path.replace(/^\/?storage\//, '')))
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
