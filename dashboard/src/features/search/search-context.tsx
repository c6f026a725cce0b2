import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

interface GlobalSearchState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
}

const GlobalSearchContext = createContext<GlobalSearchState | null>(null);

/**
 * Open state of the global search overlay (spec section 2, "Global search overlay"). Provided by
 * the signed-in shell; Ctrl+K / Cmd+K toggles it from anywhere, the sidebar box opens it.
 */
export function GlobalSearchProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const value = useMemo(() => ({ open, setOpen, toggle }), [open, toggle]);
  return <GlobalSearchContext.Provider value={value}>{children}</GlobalSearchContext.Provider>;
}

export function useGlobalSearch(): GlobalSearchState {
  const state = useContext(GlobalSearchContext);
  if (!state) throw new Error('useGlobalSearch() needs <GlobalSearchProvider> above it');
  return state;
}
