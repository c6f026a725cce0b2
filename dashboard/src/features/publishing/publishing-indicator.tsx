import type { PublishingStatus } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarDay, formatDayMonth, formatTime, toDate } from '@comptoir/api/dates';
import { ChevronDown, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { queryKeys } from '../../lib/query-keys';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { notifyError, notifySuccess } from '../../ui/notify';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { isBusy, publishingStatusQueryOptions, requestRebuild } from './api';

/** "14:05" today (in Lomé), "12 mars 14:05" another day. */
function sinceText(iso: string | null): string | null {
  const date = toDate(iso);
  if (!date) return null;
  return calendarDay(date) === calendarDay(new Date()) ? formatTime(date) : `${formatDayMonth(date)} ${formatTime(date)}`;
}

function label(status: PublishingStatus): string {
  if (isBusy(status)) return 'Publication en cours…';
  if (status.state === 'failed') return 'Échec de la publication';
  return 'En ligne';
}

const tones = {
  busy: 'border-warning/30 bg-warning-soft text-warning',
  idle: 'border-success/30 bg-success-soft text-success',
  failed: 'border-danger/30 bg-danger-soft text-danger',
} as const;

/**
 * The public site's publishing state, where editors publish (articles list, article editor):
 * "Publication en cours…" while a rebuild is queued or running (polled every 3 s, the waiting
 * changes in its menu), "En ligne depuis HH:mm" when the site is up to date (polled every 30 s),
 * "Échec de la publication" with the error and, for admin edit, "Relancer la publication".
 */
export function PublishingIndicator({ className }: { className?: string }) {
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const { data: status, isPending, isError } = useQuery(publishingStatusQueryOptions);
  const [relaunching, setRelaunching] = useState(false);

  if (isPending) {
    return (
      <span className={cn('inline-flex h-4 items-center gap-0.5 px-1 text-xs text-ink-subtle', className)}>
        <Spinner size="sm" label="Chargement du statut de publication…" />
      </span>
    );
  }
  if (isError || !status) {
    return (
      <span
        className={cn('inline-flex h-4 items-center rounded-full border border-line px-1 text-xs text-ink-subtle', className)}
        data-testid="publishing-indicator"
        data-state="unknown"
      >
        Statut de publication indisponible
      </span>
    );
  }

  const busy = isBusy(status);
  const tone = busy ? 'busy' : status.state === 'failed' ? 'failed' : 'idle';
  const since = sinceText(status.live_since);
  const text = label(status);
  const canRelaunch = status.state === 'failed' && can('admin', 'edit');

  const relaunch = async () => {
    setRelaunching(true);
    try {
      const answer = await requestRebuild();
      queryClient.setQueryData(queryKeys.publishingStatus, answer.status);
      notifySuccess(answer.message || 'Reconstruction du site demandée.');
    } catch (error) {
      notifyError(errorText(error, 'Erreur lors de la relance de la publication.', 'Erreur de connexion au serveur.'));
    } finally {
      setRelaunching(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus });
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          'inline-flex h-4 max-w-full items-center gap-0.5 rounded-full border px-1 text-xs font-medium transition-colors',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500',
          tones[tone],
          className,
        )}
        data-testid="publishing-indicator"
        data-state={status.state}
        aria-label={`Site public : ${text}${tone === 'idle' && since ? ` depuis ${since}` : ''}. Détails`}
      >
        {busy ? (
          <Spinner size="sm" />
        ) : (
          <span className={cn('size-1 rounded-full', tone === 'failed' ? 'bg-danger' : 'bg-success')} aria-hidden="true" />
        )}
        <span className="truncate">
          {text}
          {tone === 'idle' && since ? <span className="font-normal"> depuis {since}</span> : null}
        </span>
        <ChevronDown className="size-1.5 shrink-0" aria-hidden="true" />
      </DropdownMenuTrigger>
      <span className="sr-only" aria-live="polite">
        {text}
      </span>
      <DropdownMenuContent className="w-[320px] max-w-[calc(100vw-16px)]">
        <div className="px-1 py-0.5 text-sm">
          <p className="font-semibold text-ink">{text}</p>
          {busy ? (
            <p className="mt-0.5 text-xs text-ink-muted">
              {status.state === 'building'
                ? `Construction du site${status.building_since ? ` depuis ${sinceText(status.building_since)}` : ''}.`
                : 'La mise à jour du site public va commencer.'}
            </p>
          ) : null}
          {tone === 'idle' ? (
            <p className="mt-0.5 text-xs text-ink-muted">Le site public est à jour{since ? ` depuis ${since}` : ''}.</p>
          ) : null}
          {status.state === 'failed' ? (
            <>
              <p className="mt-0.5 text-xs text-ink-muted">
                Le site public reste dans sa dernière version en ligne{since ? ` (depuis ${since})` : ''}.
              </p>
              {status.last_error ? (
                <p className="mt-1 max-h-[160px] overflow-auto break-words rounded-sm bg-danger-soft p-1 text-xs text-danger">
                  {status.last_error}
                </p>
              ) : null}
            </>
          ) : null}
        </div>
        {status.pending.length > 0 ? (
          <>
            <DropdownMenuSeparator />
            <p className="px-1 pt-0.5 text-xs font-medium text-ink-subtle">Modifications en attente ({status.pending_count})</p>
            <ul className="max-h-[200px] overflow-auto px-1 pb-0.5 text-xs text-ink">
              {status.pending.map((change, index) => (
                <li key={`${change.created_at}-${index}`} className="flex justify-between gap-1 py-0.5">
                  <span className="min-w-0 break-words">{change.label}</span>
                  <span className="shrink-0 text-ink-subtle">{sinceText(change.created_at)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {canRelaunch ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              icon={relaunching ? <Spinner size="sm" /> : <RotateCw />}
              disabled={relaunching}
              onSelect={() => void relaunch()}
            >
              Relancer la publication
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
