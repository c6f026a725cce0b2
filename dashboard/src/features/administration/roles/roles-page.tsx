import type { PermissionCategory, RoleListItem } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDate, fullName, pad2, truncate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { listTableState, useDeleteWithConfirm, type DeleteWithConfirm } from '../../../lib/use-list-page';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { RowActions, actionsColumn } from '../../../ui/row-actions';
import { PERMISSION_CATEGORIES, PERMISSION_RIGHTS, RequireView, flag, usePermissions } from '../../auth/permissions';
import { CATEGORY_SHORT_LABELS, deleteRole, rolesQueryOptions } from './api';
import { RoleFormDialog } from './role-form-dialog';

const column = createColumnHelper<RoleListItem>();
/** "Attribution" shows up to 5 avatars. */
export const MAX_AVATARS = 5;

const deletion: DeleteWithConfirm<RoleListItem> = {
  message: 'Voulez-vous vraiment supprimer ce rôle ?',
  successText: 'Rôle supprimé avec succès !',
  failureText: 'Erreur lors de la suppression du rôle.',
  remove: (role) => deleteRole(role.id),
  invalidate: [queryKeys.roles.all],
};

/** The categories where the role grants at least one right. */
export function grantedCategories(role: Pick<RoleListItem, 'permission'>): PermissionCategory[] {
  return PERMISSION_CATEGORIES.filter((category) =>
    (role.permission ?? []).some(
      (entry) =>
        entry.category === category &&
        PERMISSION_RIGHTS.some((right) => flag((entry as unknown as Record<string, unknown>)[right])),
    ),
  );
}

/** /dashboard/administration/roles: "Rôles des administrateurs" (admin view), not paginated. */
export function RolesPage() {
  useDocumentTitle('Rôles');
  return (
    <RequireView category="admin">
      <RolesList />
    </RequireView>
  );
}

function RolesList() {
  const { can } = usePermissions();
  const remove = useDeleteWithConfirm(deletion);
  const [editing, setEditing] = useState<RoleListItem | 'new' | null>(null);
  const list = useQuery(rolesQueryOptions);
  const roles = list.data?.roles;
  const canEdit = can('admin', 'edit');
  const canDelete = can('admin', 'delete');

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Nom du rôle',
        cell: (info) => <span className="font-semibold">{info.getValue()}</span>,
      }),
      column.display({
        id: 'access',
        header: 'Accès du rôle',
        cell: (info) => {
          const granted = grantedCategories(info.row.original);
          if (!granted.length) return <Badge tone="danger">Aucun accès</Badge>;
          return (
            <span className="flex max-w-[320px] flex-wrap gap-0.5">
              {granted.map((category) => (
                <Badge key={category} tone="success">
                  {CATEGORY_SHORT_LABELS[category]}
                </Badge>
              ))}
            </span>
          );
        },
      }),
      column.accessor('description', {
        header: 'Description',
        meta: { className: 'max-w-[280px] text-ink-muted' },
        cell: (info) => <span title={info.getValue() ?? undefined}>{truncate(info.getValue(), 47)}</span>,
      }),
      column.display({
        id: 'users',
        header: 'Attribution',
        cell: (info) => {
          const users = info.row.original.user ?? [];
          const total = info.row.original.users_count ?? users.length;
          if (!total) return <span className="text-xs text-ink-subtle">Aucun utilisateur</span>;
          return (
            <span className="flex items-center">
              <span className="flex -space-x-1">
                {users.slice(0, MAX_AVATARS).map((user) => (
                  <Avatar key={user.id} src={user.image} alt={fullName(user)} size="sm" className="border-2 border-surface" />
                ))}
              </span>
              {total > MAX_AVATARS ? (
                <span className="ml-0.5 text-xs font-medium text-ink-muted">+{pad2(total - MAX_AVATARS)}</span>
              ) : null}
            </span>
          );
        },
      }),
      column.accessor('created_at', {
        header: "Date d'ajout",
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDate(info.getValue()),
      }),
      actionsColumn<RoleListItem>((role) => (
        <RowActions
          label={`le rôle ${role.name}`}
          onEdit={canEdit ? () => setEditing(role) : undefined}
          onDelete={canDelete ? () => void remove(role) : undefined}
        />
      )),
    ],
    [canEdit, canDelete, remove],
  );

  return (
    <section aria-labelledby="roles-title">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <h2 id="roles-title" className="text-xl font-semibold text-ink">
            Rôles des administrateurs
          </h2>
          {roles ? <Badge tone="info">{pad2(roles.length)}</Badge> : null}
        </div>
        {can('admin', 'create') ? (
          <Button icon={<Plus className="size-2" aria-hidden="true" />} onClick={() => setEditing('new')}>
            Créer un nouveau rôle
          </Button>
        ) : null}
      </div>
      <DataTable
        label="Rôles des administrateurs"
        columns={columns}
        data={roles}
        getRowId={(row) => String(row.id)}
        {...listTableState(list, 'Erreur lors du chargement des rôles.')}
        emptyMessage="Aucun rôle trouvé"
        columnVisibility={{ actions: canEdit || canDelete }}
      />
      {editing ? <RoleFormDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
