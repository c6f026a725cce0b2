import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Spinner } from '../../ui/spinner';
import type { ResultGroup, ResultItem } from './search-results';

interface OptionProps {
  item: ResultItem;
  id: string;
  selected: boolean;
  onHover: () => void;
  onChoose: () => void;
}

/** One option of the list: its icon, label and detail; the active one is highlighted. */
export function SearchOption({ item, id, selected, onHover, onChoose }: OptionProps) {
  const Icon = item.icon;
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      className={cn(
        'flex cursor-pointer items-center gap-1 rounded-md px-1 py-0.5 text-sm',
        selected ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-surface-muted',
      )}
      onMouseMove={onHover}
      onClick={onChoose}
    >
      <span className="grid size-3.5 shrink-0 place-items-center rounded-sm bg-surface-muted text-ink-muted" aria-hidden="true">
        <Icon className="size-1.5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{item.label}</span>
        {item.detail ? <span className="block truncate text-xs text-ink-muted">{item.detail}</span> : null}
      </span>
    </li>
  );
}

/** The recent searches (« Pas de recherche récente » when there are none) and « Effacer l'historique ». */
export function RecentSearches({
  ids,
  items,
  renderOption,
  onClear,
}: {
  ids: string;
  items: ResultItem[];
  renderOption: (item: ResultItem) => ReactNode;
  onClear: () => void;
}) {
  return (
    <div className="p-1">
      <div className="flex items-center justify-between px-1 py-0.5">
        <p className="text-xs font-semibold uppercase tracking-wide text-ink-muted" id={`${ids}-recent`}>
          Recherches récentes
        </p>
        {items.length ? (
          <button type="button" className="text-xs font-medium text-brand-700 hover:underline" onClick={onClear}>
            Effacer l'historique
          </button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="px-1 py-2 text-center text-sm text-ink-muted" role="status">
          Pas de recherche récente
        </p>
      ) : (
        <ul role="listbox" id={`${ids}-list`} aria-labelledby={`${ids}-recent`} className="flex flex-col gap-px">
          {items.map(renderOption)}
        </ul>
      )}
    </div>
  );
}

/** The search failed: the reason and « Réessayer ». */
export function SearchFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-1 px-2 py-4 text-center" role="alert">
      <p className="text-sm font-medium text-danger">
        {errorText(error, 'Erreur lors de la recherche.', 'Erreur de connexion au serveur.')}
      </p>
      <button
        type="button"
        className="inline-flex items-center gap-0.5 text-sm font-medium text-brand-700 hover:underline"
        onClick={onRetry}
      >
        <RotateCw className="size-1.5" aria-hidden="true" />
        Réessayer
      </button>
    </div>
  );
}

export function SearchPending() {
  return (
    <div className="flex justify-center py-4 text-brand-700">
      <Spinner size="md" label="Recherche…" />
    </div>
  );
}

/** The results, one group a category, under the group's title. */
export function SearchResults({
  ids,
  groups,
  fetching,
  renderOption,
}: {
  ids: string;
  groups: ResultGroup[];
  fetching: boolean;
  renderOption: (item: ResultItem) => ReactNode;
}) {
  return (
    <div role="listbox" id={`${ids}-list`} aria-label="Résultats de la recherche" className={cn('p-1', fetching && 'opacity-70')}>
      {groups.map((group) => (
        <ul key={group.id} role="group" aria-labelledby={`${ids}-${group.id}`} className="mb-1 flex flex-col gap-px last:mb-0">
          <li
            role="presentation"
            id={`${ids}-${group.id}`}
            className="px-1 pb-0.5 pt-1 text-xs font-semibold uppercase tracking-wide text-ink-muted"
          >
            {group.title}
          </li>
          {group.items.map(renderOption)}
        </ul>
      ))}
    </div>
  );
}
