import type { StaffSessionView } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { LogOut, Monitor } from 'lucide-react';
import { useMemo } from 'react';
import { errorText } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { listTableState } from '../../../lib/use-list-page';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { useConfirm } from '../../../ui/confirm-dialog';
import { DataTable } from '../../../ui/data-table';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { closeOtherSessions, closeSession, sessionsQueryOptions } from './api';

const column = createColumnHelper<StaffSessionView>();

/**
 * "Sessions actives": where the person is signed in, so that a session they do not recognise (a
 * forgotten shared computer, a stolen cookie) can be ended from here. The current one is marked and
 * has no button: « Se déconnecter » of the top bar ends it.
 */
export function SessionsCard() {
  const list = useQuery(sessionsQueryOptions);
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const sessions = list.data?.sessions;
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  const columns = useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.profileSessions });
    const closeOne = (session: StaffSessionView) =>
      confirm({
        title: 'Déconnecter la session',
        message: `Déconnecter « ${session.device} » (${session.ip ?? 'adresse inconnue'}) ? Il faudra s'y connecter à nouveau.`,
        confirmLabel: 'Déconnecter',
        action: async () => {
          try {
            const answer = await closeSession(session.id);
            notifySuccess(answer.message ?? 'Session déconnectée.');
          } catch (error) {
            notifyError(errorText(error, 'Erreur lors de la déconnexion de la session.'));
          }
          await refresh();
        },
      });
    return [
      column.accessor('device', {
        header: 'Appareil',
        cell: (info) => (
          <span className="flex flex-wrap items-center gap-1" title={info.row.original.user_agent ?? undefined}>
            <Monitor className="size-2 shrink-0 text-ink-subtle" aria-hidden="true" />
            <span className="font-medium">{info.getValue()}</span>
            {info.row.original.current ? <Badge tone="success">Cette session</Badge> : null}
          </span>
        ),
      }),
      column.accessor('ip', {
        header: 'Adresse',
        meta: { className: 'whitespace-nowrap font-mono text-xs' },
        cell: (info) => info.getValue() ?? '—',
      }),
      column.accessor('created_at', {
        header: 'Connexion',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDateTime(info.getValue()),
      }),
      column.accessor('last_seen_at', {
        header: 'Dernière activité',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDateTime(info.getValue()),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-[1%] whitespace-nowrap text-right' },
        cell: (info) =>
          info.row.original.current ? null : (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void closeOne(info.row.original)}
              aria-label={`Déconnecter ${info.row.original.device} (${info.row.original.ip ?? 'adresse inconnue'})`}
            >
              Déconnecter
            </Button>
          ),
      }),
    ];
  }, [confirm, queryClient]);

  const closeOthers = () =>
    confirm({
      title: 'Déconnecter les autres sessions',
      message: 'Toutes vos autres sessions seront fermées ; celle-ci reste ouverte.',
      confirmLabel: 'Déconnecter les autres',
      action: async () => {
        try {
          const answer = await closeOtherSessions();
          notifySuccess(answer.message ?? 'Les autres sessions ont été déconnectées.');
        } catch (error) {
          notifyError(errorText(error, 'Erreur lors de la déconnexion des autres sessions.'));
        }
        await queryClient.invalidateQueries({ queryKey: queryKeys.profileSessions });
      },
    });

  return (
    <Card
      title="Sessions actives"
      titleId="profile-sessions-title"
      action={
        <Button
          variant="secondary"
          size="sm"
          icon={<LogOut className="size-2" aria-hidden="true" />}
          onClick={() => void closeOthers()}
          disabled={others === 0}
        >
          Déconnecter les autres
        </Button>
      }
    >
      <DataTable
        label="Sessions actives"
        columns={columns}
        data={sessions}
        getRowId={(row) => row.id}
        {...listTableState(list, 'Erreur lors du chargement des sessions.')}
        emptyMessage="Aucune session ouverte"
      />
    </Card>
  );
}
