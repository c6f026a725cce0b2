/** The last 5 searches of the global search, newest first, kept in this browser (spec section 2). */
export const HISTORY_KEY = 'comptoir.dashboard.recentSearches';
export const HISTORY_MAX = 5;

export function readHistory(): string[] {
  try {
    const raw = window.localStorage.getItem(HISTORY_KEY);
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, HISTORY_MAX) : [];
  } catch {
    return [];
  }
}

function write(list: string[]): string[] {
  try {
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify(list));
  } catch {
    // Private mode or a full storage: the history is only a convenience.
  }
  return list;
}

/** Puts a search first (case-insensitive duplicates removed) and keeps the 5 newest. */
export function rememberSearch(query: string): string[] {
  const text = query.trim();
  if (text.length < 2) return readHistory();
  const next = [text, ...readHistory().filter((q) => q.toLowerCase() !== text.toLowerCase())].slice(0, HISTORY_MAX);
  return write(next);
}

export function forgetSearch(query: string): string[] {
  return write(readHistory().filter((q) => q !== query));
}

export function clearHistory(): string[] {
  return write([]);
}
