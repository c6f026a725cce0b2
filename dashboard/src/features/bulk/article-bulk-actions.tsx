import type { StaffArticle } from '@comptoir/api/contract';
import { Archive, EyeOff, Send } from 'lucide-react';
import type { QueryValue } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { usePermissions } from '../auth/permissions';
import { BulkBar } from './bulk-bar';
import { ConfirmedBulkButtons, bulkDeletion, type ConfirmedBulkAction } from './bulk-buttons';
import { useBulkAction } from './use-bulk-action';
import type { RowSelection } from './use-row-selection';

/** The articles list's bulk toolbar: publish, back to draft, to the bin, delete. */
export function ArticleBulkActions({ rows, filter }: { rows: RowSelection<StaffArticle>; filter: Record<string, QueryValue> }) {
  const { can } = usePermissions();
  const { confirmAndSend, what, selected } = useBulkAction({
    list: 'blog',
    rows,
    filter,
    invalidate: [queryKeys.articles.all, queryKeys.summary, queryKeys.publishingStatus],
    noun: { one: 'article', many: 'articles' },
  });
  const edits: ConfirmedBulkAction[] = [
    {
      label: 'Publier',
      icon: Send,
      send: { action: 'publish' },
      title: `Publier ${what} ?`,
      message: 'Ils paraîtront sur le site public. Un article sans image de couverture est refusé.',
      confirmLabel: 'Publier',
    },
    {
      label: 'Dépublier',
      icon: EyeOff,
      send: { action: 'unpublish' },
      title: `Repasser ${what} en brouillon ?`,
      message: 'Ils quitteront le site public.',
      confirmLabel: 'Dépublier',
    },
    {
      label: 'Corbeille',
      icon: Archive,
      send: { action: 'trash' },
      title: `Mettre ${what} à la corbeille ?`,
      message: 'Ils quitteront le site public ; « Annuler » les remet comme avant.',
      confirmLabel: 'Corbeille',
    },
  ];
  const deletion = bulkDeletion(what, 'Les articles et leurs images sont effacés. Une suppression ne s’annule pas.');
  return (
    <BulkBar count={rows.count} label={selected} onClear={rows.clear}>
      <ConfirmedBulkButtons
        confirmAndSend={confirmAndSend}
        actions={[...(can('blog', 'edit') ? edits : []), ...(can('blog', 'delete') ? [deletion] : [])]}
      />
    </BulkBar>
  );
}
