import * as RadixDialog from '@radix-ui/react-dialog';
import { Search } from 'lucide-react';
import { useGlobalSearch } from './search-context';

/**
 * Mount point of the global search overlay (spec section 2). The shell renders it once; the
 * sidebar box and Ctrl/Cmd+K open it. The search itself (GET /api/search?query= from 2
 * characters, the last 5 searches in localStorage with "Pas de recherche récente", results grouped
 * by category and gated by view permission) is built in this folder by the search feature: this
 * component only provides the accessible dialog and its query box.
 */
export function SearchOverlay() {
  const { open, setOpen } = useGlobalSearch();
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-40 bg-brand-950/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="dialog-content fixed left-1/2 top-[10vh] z-50 w-[calc(100vw-32px)] max-w-[640px] -translate-x-1/2 overflow-hidden rounded-lg bg-surface shadow-raised focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">Recherche globale</RadixDialog.Title>
          <div className="flex items-center gap-1 border-b border-line px-2">
            <Search className="size-2 shrink-0 text-ink-subtle" aria-hidden="true" />
            <input
              type="search"
              autoFocus
              aria-label="Rechercher dans le tableau de bord"
              placeholder="Rechercher…"
              className="h-7 w-full bg-transparent text-base text-ink outline-none placeholder:text-ink-subtle"
            />
            <kbd className="rounded-sm border border-line px-0.5 text-[11px] text-ink-subtle">Échap</kbd>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
