import { useEffect, useState } from 'react';

/**
 * A form's values kept in sessionStorage (this tab only, gone when it closes), so that a reload in
 * the middle of a form loses nothing. Setting the initial values back removes the key.
 */
export function useSessionValues<T extends Record<string, string>>(
  key: string,
  initial: T,
): [T, (update: T | ((v: T) => T)) => void] {
  const [values, setValues] = useState<T>(initial);
  const [loaded, setLoaded] = useState(false);
  // Read after hydration: the pre-rendered HTML has the empty form.
  useEffect(() => {
    try {
      const raw = window.sessionStorage.getItem(key);
      if (raw) {
        const stored = JSON.parse(raw) as Partial<T>;
        // What was typed wins over what the page proposed meanwhile (e.g. the cart's currency).
        setValues((current) => {
          const merged = { ...current };
          for (const name of Object.keys(initial) as (keyof T)[]) {
            if (typeof stored[name] === 'string' && stored[name] !== '') merged[name] = stored[name] as T[keyof T];
          }
          return merged;
        });
      }
    } catch {
      // Unreadable: start empty.
    }
    setLoaded(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => {
    if (!loaded) return;
    try {
      const empty = (Object.keys(initial) as (keyof T)[]).every((name) => values[name] === initial[name]);
      if (empty) window.sessionStorage.removeItem(key);
      else window.sessionStorage.setItem(key, JSON.stringify(values));
    } catch {
      // Storage refused: the form still works.
    }
  }, [key, values, initial, loaded]);
  return [values, setValues];
}
