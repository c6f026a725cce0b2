import { useEffect, useState } from 'react';
import type { BrandCountsAnswer } from '@comptoir/api/contract';
import { api } from '../lib/http';

/**
 * Each brand's number of products now (GET /api/products/brand-counts, counted by the API at each
 * request): the page's own counts date from its publication. Null until answered (or if it fails:
 * the page's counts stay).
 */
export function useBrandCounts(ready: boolean): Map<number, number> | null {
  const [counts, setCounts] = useState<Map<number, number> | null>(null);
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    api<BrandCountsAnswer>('/api/products/brand-counts', { signal: controller.signal })
      .then((result) => {
        if (result.ok) setCounts(new Map(result.data.brands.map((b) => [b.id, b.count])));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [ready]);
  return counts;
}
