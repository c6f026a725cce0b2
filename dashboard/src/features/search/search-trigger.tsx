import { Search } from 'lucide-react';
import { useGlobalSearch } from './search-context';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The sidebar's search box: a button that opens the global search overlay. */
export function SearchTrigger() {
  const { setOpen } = useGlobalSearch();
  return (
    <button
      type="button"
      onClick={() => setOpen(true)}
      aria-haspopup="dialog"
      aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
      className="flex h-5 w-full items-center gap-1 rounded-md border border-white/10 bg-white/5 px-1.5 text-left text-sm text-brand-100 transition-colors hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-accent-500"
    >
      <Search className="size-2 shrink-0" aria-hidden="true" />
      <span className="flex-1 truncate">Rechercher…</span>
      <kbd className="rounded-sm border border-white/15 px-0.5 font-sans text-[11px] text-brand-200">
        {isMac ? '⌘K' : 'Ctrl K'}
      </kbd>
    </button>
  );
}
