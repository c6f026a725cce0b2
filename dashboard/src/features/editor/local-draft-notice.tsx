import { formatLongDateTime } from '@comptoir/api/dates';
import { Button } from '../../ui/button';
import type { LocalDraft } from './local-draft';

/** « Une version non enregistrée … » with « Restaurer ce brouillon » and « Ignorer ». */
export function LocalDraftNotice({
  draft,
  stale,
  onRestore,
  onIgnore,
}: {
  draft: LocalDraft;
  /** The article was saved since the draft began: restoring it will ask which version to keep. */
  stale: boolean;
  onRestore: () => void;
  onIgnore: () => void;
}) {
  return (
    <div role="alert" className="rounded-md border border-line bg-surface-muted p-1.5 text-sm text-ink" data-testid="local-draft">
      <p>Une version non enregistrée de cet article est conservée dans ce navigateur ({formatLongDateTime(draft.saved_at)}).</p>
      {stale ? (
        <p className="mt-0.5" data-testid="local-draft-stale">
          L’article a été enregistré depuis ce brouillon : si vous le restaurez, l’enregistrement vous demandera quelle version
          garder.
        </p>
      ) : null}
      <div className="mt-1 flex flex-wrap gap-1">
        <Button size="sm" variant="secondary" onClick={onRestore}>
          Restaurer ce brouillon
        </Button>
        <Button size="sm" variant="ghost" onClick={onIgnore}>
          Ignorer
        </Button>
      </div>
    </div>
  );
}
