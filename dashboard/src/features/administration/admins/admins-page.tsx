import type { AdminListItem } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { ShieldOff, UserPlus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { formatDateTime, pad2, truncate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  listTableState,
  pagerOf,
  useClampPage,
  useDeleteWithConfirm,
  withPageSize,
  type DeleteWithConfirm,
} from '../../../lib/use-list-page';
import { sortQuery, viewQueryOf, type ListViewProps, type SortSearch } from '../../../lib/list-sort';
import { FacetFilter, ListToolbar } from '../../../ui/facet-filter';
import { SavedViewsMenu } from '../../saved-views/saved-views-menu';
import { rolesQueryOptions } from '../roles/api';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { RowActions, actionsColumn } from '../../../ui/row-actions';
import { useConfirm } from '../../../ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { errorText } from '../../../lib/api';
import { resetTwoFactor } from '../../two-factor/api';
import { SearchInput } from '../../../ui/search-input';
import { ExportMenu } from '../../../ui/export-menu';
import { RequireView, usePermissions } from '../../auth/permissions';
import { AdminFormDialog } from './admin-form-dialog';
import { ADMINS_PER_PAGE, adminsQueryOptions, deleteAdmin } from './api';

const column = createColumnHelper<AdminListItem>();

const deletion: DeleteWithConfirm<AdminListItem> = {
  message: 'Voulez-vous vraiment supprimer cet administrateur ?',
  successText: 'Administrateur supprimé avec succès !',
  failureText: "Erreur lors de la suppression de l'administrateur.",
  remove: (admin) => deleteAdmin(admin.id),
  invalidate: [queryKeys.admins.all, queryKeys.roles.all],
};

/** The administrators list's URL beyond page and search: order, size, role. */
export interface AdminsView extends SortSearch {
  role_id?: number;
}

export interface AdminsPageProps extends ListViewProps<AdminsView> {
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

function AdminsList({ page, search, onPageChange, onSearchChange, view, onViewChange, onViewReplace }: AdminsPageProps) {
  const { can, user: me } = usePermissions();
  const remove = useDeleteWithConfirm(deletion);
  const [editing, setEditing] = useState<AdminListItem | 'new' | null>(null);
  const { per_page: perPage, ...order } = sortQuery(view, ADMINS_PER_PAGE);
  const list = useQuery(adminsQueryOptions({ page, search, perPage, ...order, role_id: view.role_id }));
  const roles = useQuery(rolesQueryOptions);
  const roleOptions = (roles.data?.roles ?? []).map((role) => ({ value: String(role.id), label: role.name }));
  const admins = list.data?.admins;

  // A page past the end (after a delete, or an old link): go to the last page.
  useClampPage(admins, page, onPageChange);

  const canEdit = can('admin', 'edit');
  const canDelete = can('admin', 'delete');
  const confirm = useConfirm();
  // For a lost phone: the person signs in with the password alone, then enrols again (audited, e-mailed).
  const resetFactors = useCallback(
    (admin: AdminListItem) =>
      confirm({
        title: 'Réinitialiser la double authentification',
        message: `L'application d'authentification, les clés d'accès et les codes de secours de ${admin.firstname} ${admin.name} seront effacés. Un email l'en avertira.`,
        confirmLabel: 'Réinitialiser',
        action: async () => {
          try {
            const answer = await resetTwoFactor(admin.id);
            notifySuccess(answer.message ?? 'Double authentification réinitialisée.');
          } catch (error) {
            notifyError(errorText(error, 'Erreur lors de la réinitialisation.'));
          }
        },
      }),
    [confirm],
  );

  const columns = useMemo(
    () => [
      column.accessor((row) => row.role?.name ?? '', {
        id: 'role',
        header: 'Rôle',
        meta: { sortKey: 'role' },
        cell: (info) =>
          info.getValue() ? <Badge tone="brand">{info.getValue()}</Badge> : <Badge tone="neutral">Aucun rôle</Badge>,
      }),
      column.accessor((row) => `${row.name} ${row.firstname}`, {
        id: 'fullname',
        header: 'Nom & Prénom',
        meta: { sortKey: 'name' },
        cell: (info) => (
          <span className="flex items-center gap-1">
            <Avatar src={info.row.original.image} size="sm" />
            <span className="whitespace-nowrap font-medium">{info.getValue()}</span>
          </span>
        ),
      }),
      column.accessor('email', {
        header: 'Email',
        meta: { sortKey: 'email' },
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
      actionsColumn<AdminListItem>((admin) => (
        <span className="inline-flex items-center gap-0.5">
          {canEdit && admin.id !== me?.id ? (
            <Button
              variant="ghost"
              size="icon-sm"
              title="Réinitialiser la double authentification"
              aria-label={`Réinitialiser la double authentification de ${admin.firstname} ${admin.name}`}
              onClick={() => void resetFactors(admin)}
              icon={<ShieldOff className="size-2" aria-hidden="true" />}
            />
          ) : null}
          <RowActions
            label={`${admin.firstname} ${admin.name}`}
            onEdit={canEdit ? () => setEditing(admin) : undefined}
            onDelete={canDelete && admin.id !== me?.id ? () => void remove(admin) : undefined}
          />
        </span>
      )),
    ],
    [canEdit, canDelete, me?.id, remove, resetFactors],
  );

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
      <ListToolbar label="Filtrer les administrateurs">
        <FacetFilter
          label="Rôle"
          value={view.role_id}
          options={roleOptions}
          onChange={(value) => onViewChange({ role_id: value ? Number(value) : undefined })}
        />
        <span className="ml-auto flex gap-1">
          <ExportMenu path="/api/admin/export" search={search} view={{ ...view }} />
          <SavedViewsMenu list="admins" current={viewQueryOf(search, { ...view })} onApply={onViewReplace} />
        </span>
      </ListToolbar>
      <DataTable
        label="Liste des administrateurs"
        columns={columns}
        data={admins?.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(list, 'Erreur lors du chargement des administrateurs.')}
        emptyMessage="Aucun administrateur trouvé"
        columnVisibility={{ actions: canEdit || canDelete }}
        pagination={withPageSize(pagerOf(admins, onPageChange), perPage, onViewChange)}
        sort={{ key: view.sort, dir: view.dir, onChange: (sort, dir) => onViewChange({ sort, dir }) }}
      />
      {editing ? <AdminFormDialog admin={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
