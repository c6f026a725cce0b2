import type { StaleRecord } from '@comptoir/api/contract';
import { AlertTriangle } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { isApiError } from './api';

/**
 * Optimistic concurrency on the screen side. Every edit form sends back the `version`
 * its record was read with; the API answers 409 when someone saved meanwhile, with who, when and
 * their version (`conflict.current`). The form then shows `notice`: "Recharger sa version" puts
 * theirs in the fields, "Continuer à modifier" keeps what was typed and lets the next save replace
 * theirs knowingly. Nothing is ever overwritten silently.
 *
 *   const guard = useVersionGuard(brand, (fresh) => reset(valuesOf(fresh)));
 *   await updateBrand(brand.id, { ...fields, version: guard.version }, image);
 *   catch (error) { if (guard.catchConflict(error)) return; … }
 *   <FormDialog … notice={guard.notice}>
 */
export interface VersionGuard<T> {
  /** The version to send with the next save (undefined for a new record). */
  version: number | undefined;
  /** True (and the notice shown) when `error` is a stale-save 409. */
  catchConflict: (error: unknown) => boolean;
  /** After a successful save: the record's new version. */
  saved: (record: { version: number } | undefined) => void;
  /**
   * The fields now hold text that started from an older version (a restored local draft): the next
   * save sends that version, so a newer one on the server gives the same conflict choice as two tabs.
   */
  startFrom: (version: number) => void;
  /** The conflict notice to render above the form (null when there is none). */
  notice: ReactNode;
  conflict: StaleRecord<T> | null;
}

export function staleRecordOf<T>(error: unknown): StaleRecord<T> | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = error.body as { conflict?: StaleRecord<T> } | undefined;
  return body?.conflict?.stale ? body.conflict : null;
}

export function useVersionGuard<T extends { version: number }>(
  record: T | null | undefined,
  reload: (fresh: T) => void,
): VersionGuard<T> {
  const [version, setVersion] = useState<number | undefined>(record?.version);
  const [conflict, setConflict] = useState<StaleRecord<T> | null>(null);
  const [message, setMessage] = useState('');
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  const catchConflict = useCallback((error: unknown) => {
    const stale = staleRecordOf<T>(error);
    if (!stale) return false;
    setConflict(stale);
    setMessage(isApiError(error) ? (error.serverMessage ?? '') : '');
    return true;
  }, []);

  const saved = useCallback((fresh: { version: number } | undefined) => {
    if (fresh) setVersion(fresh.version);
    setConflict(null);
  }, []);

  const startFrom = useCallback((older: number) => {
    setVersion((current) => (current === undefined ? older : Math.min(current, older)));
  }, []);

  const notice = conflict ? (
    <div
      role="alert"
      className="mb-2 rounded-md border border-warning/40 bg-warning-soft p-1.5 text-sm text-ink"
      data-testid="version-conflict"
    >
      <p className="flex items-start gap-1">
        <AlertTriangle className="mt-0.5 size-2 shrink-0 text-warning" aria-hidden="true" />
        <span>{message}</span>
      </p>
      <div className="mt-1 flex flex-wrap gap-1">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={!conflict.current}
          onClick={() => {
            if (conflict.current) reloadRef.current(conflict.current);
            setVersion(conflict.version);
            setConflict(null);
          }}
        >
          Recharger sa version
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            setVersion(conflict.version);
            setConflict(null);
          }}
        >
          Continuer à modifier (enregistrer remplacera sa version)
        </Button>
      </div>
    </div>
  ) : null;

  return { version, catchConflict, saved, startFrom, notice, conflict };
}
