import type { StaffArticle } from '@comptoir/api/contract';
import { Archive, EyeOff, Send, Trash2 } from 'lucide-react';
import type { QueryValue } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../../ui/button';
import { usePermissions } from '../auth/permissions';
import { BulkBar } from './bulk-bar';
import { rowsText, useBulkAction } from './use-bulk-action';
import type { RowSelection } from './use-row-selection';

/** The articles list's bulk toolbar: publish, back to draft, to the bin, delete. */
export function ArticleBulkActions({ rows, filter }: { rows: RowSelection<StaffArticle>; filter: Record<string, QueryValue> }) {
  const { can } = usePermissions();
  const { confirmAndSend } = useBulkAction({
    list: 'blog',
    rows,
    filter,
    invalidate: [queryKeys.articles.all, queryKeys.summary, queryKeys.publishingStatus],
  });
  const what = rowsText(rows.count, 'article', 'articles');
  const status = (action: 'publish' | 'unpublish' | 'trash', title: string, message: string, confirmLabel: string) =>
    void confirmAndSend({ action }, { title, message, confirmLabel, tone: 'primary' });
  return (
    <BulkBar count={rows.count} label={`${what} sélectionné${rows.count > 1 ? 's' : ''}`} onClear={rows.clear}>
      {can('blog', 'edit') ? (
        <>
          <Button
            variant="secondary"
            size="sm"
            icon={<Send className="size-2" aria-hidden="true" />}
            onClick={() =>
              status(
                'publish',
                `Publier ${what} ?`,
                'Ils paraîtront sur le site public. Un article sans image de couverture est refusé.',
                'Publier',
              )
            }
          >
            Publier
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<EyeOff className="size-2" aria-hidden="true" />}
            onClick={() => status('unpublish', `Repasser ${what} en brouillon ?`, 'Ils quitteront le site public.', 'Dépublier')}
          >
            Dépublier
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<Archive className="size-2" aria-hidden="true" />}
            onClick={() =>
              status(
                'trash',
                `Mettre ${what} à la corbeille ?`,
                'Ils quitteront le site public ; « Annuler » les remet comme avant.',
                'Corbeille',
              )
            }
          >
            Corbeille
          </Button>
        </>
      ) : null}
      {can('blog', 'delete') ? (
        <Button
          variant="danger"
          size="sm"
          icon={<Trash2 className="size-2" aria-hidden="true" />}
          onClick={() =>
            void confirmAndSend(
              { action: 'delete' },
              {
                title: `Supprimer ${what} ?`,
                message: 'Les articles et leurs images sont effacés. Une suppression ne s’annule pas.',
                confirmLabel: 'Supprimer',
                tone: 'danger',
              },
            )
          }
        >
          Supprimer
        </Button>
      ) : null}
    </BulkBar>
  );
}
