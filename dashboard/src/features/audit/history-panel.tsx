import type { AuditEntryView } from '@comptoir/api/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { errorText } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { historyQueryOptions } from './api';
import { AUDIT_ACTION_LABEL, actorText, fieldLabel, valueText } from './labels';

/** The changed fields of one entry: "Prix : 1250000.00 → 1300000.00". */
export function ChangeList({ entry }: { entry: AuditEntryView }) {
  const changes = Object.entries(entry.changes ?? {});
  if (!changes.length) return null;
  const creation = entry.action === 'create';
  const deletion = entry.action === 'delete';
  return (
    <ul className="mt-0.5 flex flex-col gap-0.25 text-sm text-ink-muted">
      {changes.map(([field, change]) => {
        // A reference the server named (« Marque : Caterpillar »): the name, not the id.
        const named = Boolean(change.before_name || change.after_name);
        const before = change.before_name ?? valueText(field, change.before);
        const after = change.after_name ?? valueText(field, change.after);
        return (
          <li key={field} data-field={field}>
            <span className="font-medium text-ink">{named ? fieldLabel(field).replace(' (n°)', '') : fieldLabel(field)}</span> :{' '}
            {creation ? (
              after
            ) : deletion ? (
              before
            ) : (
              <>
                <del className="decoration-danger/60">{before}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> devient </span>
                <ins className="no-underline">{after}</ins>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Entries({ entity, id, version }: { entity: string; id: number; version?: string }) {
  const query = useInfiniteQuery(historyQueryOptions(entity, id, version));
  if (query.isPending) return <Spinner label="Chargement de l’historique…" />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText(query.error, 'Erreur lors du chargement de l’historique.', 'Erreur de connexion au serveur.')}
      </p>
    );
  }
  const entries = query.data.pages.flatMap((page) => page.data);
  if (!entries.length) return <p className="text-sm text-ink-muted">Aucune activité enregistrée.</p>;
  return (
    <>
      <ol className="flex flex-col gap-1" aria-label="Historique, du plus récent au plus ancien">
        {entries.map((entry) => (
          <li key={entry.id} className="border-l-2 border-line pl-1.5" data-testid="history-entry" data-action={entry.action}>
            <p className="text-sm">
              <span className="font-semibold text-ink">{AUDIT_ACTION_LABEL[entry.action] ?? entry.action}</span>
              <span className="text-ink-muted">
                {' '}
                · {actorText(entry)} · <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </span>
            </p>
            <ChangeList entry={entry} />
          </li>
        ))}
      </ol>
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-1"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Afficher plus
        </Button>
      ) : null}
    </>
  );
}

/**
 * "Historique": what happened to one record, newest first. Collapsed by default inside dialogs and
 * fetched only once opened; `open` shows it at once (detail pages). Only rendered for users who may
 * view that kind of record (the server checks it too).
 */
export function HistoryPanel({
  entity,
  id,
  version,
  open: startOpen = false,
}: {
  entity: string;
  id: number;
  /** The record's `updated_at`: a new value fetches the history again. */
  version?: string;
  open?: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  const titleId = useId();
  return (
    <details
      className="rounded-lg border border-line bg-surface"
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
      data-testid="history-panel"
    >
      <summary id={titleId} className="flex cursor-pointer items-center gap-1 px-2 py-1.5 text-sm font-semibold text-ink">
        <History className="size-2" aria-hidden="true" />
        Historique
      </summary>
      {open ? (
        <div className="border-t border-line px-2 py-1.5" role="region" aria-labelledby={titleId}>
          <Entries entity={entity} id={id} version={version} />
        </div>
      ) : null}
    </details>
  );
}
