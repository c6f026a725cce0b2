import { DASHBOARD_SEARCH_MAX } from '@comptoir/api/text-limits';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useReturnFocus } from '../../lib/focus-return';
import { Spinner } from '../../ui/spinner';
import { RecentSearches, SearchFailed, SearchOption, SearchPending, SearchResults } from './search-body';
import { useGlobalSearch } from './search-context';
import type { ResultItem } from './search-results';
import { useSearchPanel } from './use-search-panel';

/**
 * The global search overlay (spec section 2): opened by the sidebar box or Ctrl/Cmd+K, it searches
 * from 2 characters (GET /api/search), shows the last 5 searches when the box is empty ("Pas de
 * recherche récente" when there are none), groups the results by category (a group only with its
 * category's view right) and is driven with the keyboard: arrows move, Enter opens, Escape closes.
 */
export function SearchOverlay() {
  const { open, setOpen } = useGlobalSearch();
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-40 bg-brand-950/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          aria-describedby={undefined}
          className="dialog-content fixed left-1/2 top-[10vh] z-50 flex max-h-[80vh] w-[calc(100vw-32px)] max-w-[640px] -translate-x-1/2 flex-col overflow-hidden rounded-lg bg-surface shadow-raised focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">Recherche globale</RadixDialog.Title>
          {open ? <SearchPanel onClose={() => setOpen(false)} /> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The box and the list: its state and keys are in use-search-panel.ts, its groups in search-results.ts. */
function SearchPanel({ onClose }: { onClose: () => void }) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const panel = useSearchPanel(onClose);
  const { text, typing, searching, results, groups, flat, activeItem } = panel;
  const optionId = (key: string) => `${ids}-${key}`;

  useEffect(() => {
    if (!activeItem) return;
    document.getElementById(optionId(activeItem.key))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeItem?.key]);

  const renderOption = (item: ResultItem) => (
    <SearchOption
      key={item.key}
      item={item}
      id={optionId(item.key)}
      selected={activeItem?.key === item.key}
      onHover={() => panel.hover(item)}
      onChoose={() => panel.choose(item)}
    />
  );

  let body;
  if (!typing) {
    body = (
      <RecentSearches
        ids={ids}
        items={flat}
        renderOption={renderOption}
        onClear={() => {
          panel.clearHistory();
          input.current?.focus();
        }}
      />
    );
  } else if (results.isError && !results.data) {
    body = <SearchFailed error={results.error} onRetry={() => void results.refetch()} />;
  } else if (!searching || (results.isPending && !results.data)) {
    body = <SearchPending />;
  } else if (groups.length === 0) {
    body = (
      <p className="px-2 py-4 text-center text-sm text-ink-muted" role="status">
        Aucun résultat pour « {panel.query} »
      </p>
    );
  } else {
    body = <SearchResults ids={ids} groups={groups} fetching={results.isFetching} renderOption={renderOption} />;
  }

  return (
    <>
      <div className="flex items-center gap-1 border-b border-line px-2">
        <Search className="size-2 shrink-0 text-ink-subtle" aria-hidden="true" />
        <input
          ref={input}
          type="search"
          autoFocus
          role="combobox"
          aria-expanded={flat.length > 0}
          aria-controls={`${ids}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeItem ? optionId(activeItem.key) : undefined}
          aria-label="Rechercher dans le tableau de bord"
          placeholder="Rechercher un article, un produit, une commande, un client…"
          value={text}
          onChange={(event) => panel.setText(event.target.value)}
          onKeyDown={panel.onKeyDown}
          maxLength={DASHBOARD_SEARCH_MAX}
          className="h-7 w-full bg-transparent text-base text-ink outline-none placeholder:text-ink-subtle [&::-webkit-search-cancel-button]:hidden"
        />
        {results.isFetching && typing ? <Spinner size="sm" /> : null}
        <kbd className="rounded-sm border border-line px-0.5 text-[11px] text-ink-subtle">Échap</kbd>
      </div>
      {text.trim().length === 1 ? (
        <p className="border-b border-line px-2 py-0.5 text-xs text-ink-muted">Saisissez au moins 2 caractères.</p>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
      <p className="hidden border-t border-line px-2 py-0.5 text-[11px] text-ink-muted sm:block">
        <kbd>↑</kbd> <kbd>↓</kbd> pour naviguer · <kbd>Entrée</kbd> pour ouvrir · <kbd>Échap</kbd> pour fermer
      </p>
    </>
  );
}
