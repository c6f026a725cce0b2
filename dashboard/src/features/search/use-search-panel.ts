import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { usePermissions } from '../auth/permissions';
import { globalSearchQueryOptions, SEARCH_MIN_LENGTH } from './api';
import { clearHistory, readHistory, rememberSearch } from './history';
import { historyItems, moveActive, resultGroups, type ResultGroup, type ResultItem } from './search-results';

const DEBOUNCE_MS = 250;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The global search's state: the text, the debounced query (from 2 characters), the answer as
 * groups, the recent searches, the active option and what the keys do (arrows move, Enter opens).
 * Opening a result remembers the search and closes the overlay.
 */
export function useSearchPanel(onClose: () => void) {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [history, setHistory] = useState<string[]>(() => readHistory());
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const searching = query.length >= SEARCH_MIN_LENGTH;
  const typing = text.trim().length >= SEARCH_MIN_LENGTH;
  const results = useQuery(globalSearchQueryOptions(query));

  const groups = useMemo<ResultGroup[]>(() => {
    const data = searching ? results.data : undefined;
    return data ? resultGroups(data, can) : [];
  }, [searching, results.data, can]);
  const flat = useMemo<ResultItem[]>(
    () => (typing ? groups.flatMap((g) => g.items) : historyItems(history)),
    [typing, groups, history],
  );

  useEffect(() => setActive(0), [flat.length, typing, query]);
  const activeItem = flat[Math.min(active, flat.length - 1)];

  /** A result opens its screen (the search is remembered); a recent search fills the box. */
  const choose = (item: ResultItem) => {
    if (!item.target) {
      setText(item.label);
      return;
    }
    if (text.trim().length >= SEARCH_MIN_LENGTH) setHistory(rememberSearch(text));
    onClose();
    void navigate(item.target as Parameters<typeof navigate>[0]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = moveActive(event.key, event.ctrlKey, active, flat.length);
    if (next !== null) {
      if (event.key !== 'Home') event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeItem) choose(activeItem);
      else if (typing) setHistory(rememberSearch(text));
    }
  };

  /** The pointer over an option makes it the active one. */
  const hover = (item: ResultItem) => {
    const index = flat.findIndex((f) => f.key === item.key);
    if (index >= 0 && index !== active) setActive(index);
  };

  return {
    text,
    setText,
    query,
    searching,
    typing,
    results,
    groups,
    flat,
    history,
    clearHistory: () => setHistory(clearHistory()),
    activeItem,
    onKeyDown,
    choose,
    hover,
  };
}
