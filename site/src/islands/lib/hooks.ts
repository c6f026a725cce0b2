import { useEffect, useState, useSyncExternalStore } from 'react';

const noop = () => () => {};

/** False while React hydrates the pre-rendered HTML, true afterwards (for values only the browser knows). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/**
 * The value, once it has stopped changing for `delay` ms. When `restored` turns true (the island has
 * just read the address), the value is taken at once: what a link restores is not typing, and a first
 * request without it would be wasted and show the wrong list.
 */
export function useDebounced<T>(value: T, delay: number, restored = true): T {
  const [debounced, setDebounced] = useState(value);
  const [seen, setSeen] = useState(restored);
  if (seen !== restored) {
    setSeen(restored);
    setDebounced(value);
  }
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
