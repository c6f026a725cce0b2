import { useEffect, useRef, useState } from 'react';

/**
 * The visitor's place in a list lives in the address: filters, sort, search and how
 * many items are shown are read from the query string once the island has hydrated, and written back
 * with `history.replaceState` as they change, so Back from a product or article, a reload or a shared
 * link shows the list as it was. Defaults are left out of the address.
 *
 *   const ready = useUrlState({ categorie: [category, setCategory, 'all'] }, …);
 */
export type UrlField = [value: string, set: (value: string) => void, fallback: string];

export function useUrlState(fields: Record<string, UrlField>): boolean {
  const [ready, setReady] = useState(false);
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;

  // Read once after hydration (the pre-rendered HTML is the default list).
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    for (const [name, [, set]] of Object.entries(fieldsRef.current)) {
      const value = params.get(name);
      if (value !== null) set(value);
    }
    setReady(true);
  }, []);

  const serialised = Object.entries(fields)
    .map(([name, [value]]) => `${name}=${value}`)
    .join('&');
  useEffect(() => {
    if (!ready) return;
    const url = new URL(window.location.href);
    for (const [name, [value, , fallback]] of Object.entries(fieldsRef.current)) {
      if (value === fallback || value === '') url.searchParams.delete(name);
      else url.searchParams.set(name, value);
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [ready, serialised]);

  return ready;
}
