import type { AdminListItem } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { errorText } from '../../../lib/api';
import { formatDateTime, pad2, truncate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { useConfirm } from '../../../ui/confirm-dialog';
import { DataTable } from '../../../ui/data-table';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { SearchInput } from '../../../ui/search-input';
import { RequireView, usePermissions } from '../../auth/permissions';
import { AdminFormDialog } from './admin-form-dialog';
import { adminsQueryOptions, deleteAdmin } from './api';

const column = createColumnHelper<AdminListItem>();

export interface AdminsPageProps {
  page: number;
  search: string;
  onPageChange: (page: number) => void;
  onSearchChange: (search: string) => void;
}

/** /dashboard/administration/admins: "Liste des administrateurs" (admin view). */
export function AdminsPage(props: AdminsPageProps) {
  useDocumentTitle('Administrateurs');
  return (
    <RequireView category="admin">
      <AdminsList {...props} />
    </RequireView>
  );
}

function AdminsList({ page, search, onPageChange, onSearchChange }: AdminsPageProps) {
  const { can, user: me } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminListItem | 'new' | null>(null);
  const list = useQuery(adminsQueryOptions({ page, search }));
  const admins = list.data?.admins;

  // A page past the end (after a delete, or an old link): go to the last page.
  useEffect(() => {
    if (admins && admins.last_page >= 1 && page > admins.last_page) onPageChange(admins.last_page);
  }, [admins, page, onPageChange]);

  const canEdit = can('admin', 'edit');
  const canDelete = can('admin', 'delete');

  const columns = useMemo(() => {
    const remove = async (admin: AdminListItem) => {
      await confirm({
        message: 'Voulez-vous vraiment supprimer cet administrateur ?',
        confirmLabel: 'Supprimer',
        action: async () => {
          try {
            await deleteAdmin(admin.id);
            notifySuccess('Administrateur supprimé avec succès !');
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: queryKeys.admins.all }),
              queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
            ]);
          } catch (error) {
            notifyError(
              errorText(
                error,
                "Erreur lors de la suppression de l'administrateur.",
                "Erreur lors de la suppression de l'administrateur.",
              ),
            );
          }
        },
      });
    };
    return [
      column.accessor((row) => row.role?.name ?? '', {
        id: 'role',
        header: 'Rôle',
        cell: (info) =>
          info.getValue() ? <Badge tone="brand">{info.getValue()}</Badge> : <Badge tone="neutral">Aucun rôle</Badge>,
      }),
      column.accessor((row) => `${row.name} ${row.firstname}`, {
        id: 'fullname',
        header: 'Nom & Prénom',
        cell: (info) => (
          <span className="flex items-center gap-1">
            <Avatar src={info.row.original.image} size="sm" />
            <span className="whitespace-nowrap font-medium">{info.getValue()}</span>
          </span>
        ),
      }),
      column.accessor('email', {
        header: 'Email',
        cell: (info) => (
          <a href={`mailto:${info.getValue()}`} className="text-brand-700 hover:underline">
            {info.getValue()}
          </a>
        ),
      }),
      column.accessor('password', {
        header: 'Mot de passe',
        cell: (info) => (
          <span className="font-mono text-xs text-ink-muted" aria-label="Mot de passe masqué">
            {truncate(info.getValue(), 27)}
          </span>
        ),
      }),
      column.accessor('blogs_count', {
        header: 'Publications',
        meta: { className: 'text-center', headerClassName: 'text-center' },
        cell: (info) => {
          const count = Number(info.getValue() ?? 0);
          return count > 0 ? (
            <span className="font-semibold tabular-nums">{pad2(count)}</span>
          ) : (
            <Badge tone="danger">Désactivé</Badge>
          );
        },
      }),
      column.accessor('updated_at', {
        header: 'Dernière modification',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDateTime(info.getValue()),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-[1%] whitespace-nowrap text-right' },
        cell: (info) => {
          const admin = info.row.original;
          const label = `${admin.firstname} ${admin.name}`;
          return (
            <span className="inline-flex gap-0.5">
              {canEdit ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Modifier ${label}`}
                  title="Modifier"
                  onClick={() => setEditing(admin)}
                >
                  <Pencil className="size-2" aria-hidden="true" />
                </Button>
              ) : null}
              {canDelete && admin.id !== me?.id ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-danger hover:bg-danger-soft hover:text-danger"
                  aria-label={`Supprimer ${label}`}
                  title="Supprimer"
                  onClick={() => void remove(admin)}
                >
                  <Trash2 className="size-2" aria-hidden="true" />
                </Button>
              ) : null}
            </span>
          );
        },
      }),
    ];
  }, [canEdit, canDelete, confirm, me?.id, queryClient]);

  return (
    <section aria-labelledby="admins-title">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <h2 id="admins-title" className="text-xl font-semibold text-ink">
            Liste des administrateurs
          </h2>
          {admins ? <Badge tone="info">{pad2(admins.total)}</Badge> : null}
        </div>
        <div className="flex w-full flex-col gap-1 sm:w-auto sm:flex-row sm:items-center">
          <SearchInput value={search} onChange={onSearchChange} placeholder="Trouver un admin" className="sm:w-[280px]" />
          {can('admin', 'create') ? (
            <Button icon={<UserPlus className="size-2" aria-hidden="true" />} onClick={() => setEditing('new')}>
              Ajouter un administrateur
            </Button>
          ) : null}
        </div>
      </div>
      <DataTable
        label="Liste des administrateurs"
        columns={columns}
        data={admins?.data}
        getRowId={(row) => String(row.id)}
        isLoading={list.isPending}
        isFetching={list.isFetching && list.isPlaceholderData}
        error={
          list.isError
            ? errorText(
                list.error,
                'Erreur lors du chargement des administrateurs.',
                'Erreur lors du chargement des administrateurs.',
              )
            : null
        }
        onRetry={() => void list.refetch()}
        emptyMessage="Aucun administrateur trouvé"
        columnVisibility={{ actions: canEdit || canDelete }}
        pagination={admins ? { page: admins.current_page, lastPage: admins.last_page, onPageChange } : undefined}
      />
      {editing ? <AdminFormDialog admin={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
