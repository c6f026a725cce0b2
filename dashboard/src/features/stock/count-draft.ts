import { useCallback, useEffect, useState } from 'react';

/** The counted quantities typed so far, by product id (the raw text, so a half-typed number stays). */
export type CountDraft = Record<string, string>;

const keyOf = (userId: number | undefined) => `comptoir:inventaire:${userId ?? 'anonyme'}`;

function read(key: string): CountDraft {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([id, value]) => /^\d+$/.test(id) && typeof value === 'string'),
    ) as CountDraft;
  } catch {
    return {};
  }
}

/** A valid counted quantity: a whole number, 0 or more. */
export const isCount = (text: string | undefined): text is string => text !== undefined && /^\d{1,9}$/.test(text.trim());

/**
 * The inventory count being typed, kept in this browser's localStorage (one per person) so that a
 * reload or a visit elsewhere does not lose it; cleared once the count is applied.
 */
export function useCountDraft(userId: number | undefined) {
  const key = keyOf(userId);
  const [draft, setDraft] = useState<CountDraft>(() => read(key));

  useEffect(() => setDraft(read(key)), [key]);

  const setCount = useCallback(
    (productId: number, text: string) =>
      setDraft((current) => {
        const next = { ...current };
        if (text.trim() === '') delete next[productId];
        else next[productId] = text;
        window.localStorage.setItem(key, JSON.stringify(next));
        return next;
      }),
    [key],
  );

  const clear = useCallback(() => {
    window.localStorage.removeItem(key);
    setDraft({});
  }, [key]);

  const counts = Object.entries(draft)
    .filter(([, text]) => isCount(text))
    .map(([id, text]) => ({ product_id: Number(id), counted: Number(text.trim()) }));

  return { draft, counts, setCount, clear };
}
