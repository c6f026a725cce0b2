import type { StaffCustomer } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDate, pad2 } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  listTableState,
  pagerOf,
  useClampPage,
  useDeleteWithConfirm,
  withPageSize,
  type DeleteWithConfirm,
} from '../../lib/use-list-page';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ListPageHeader } from '../../ui/list-page-header';
import { DataTable } from '../../ui/data-table';
import { actionsColumn } from '../../ui/row-actions';
import { RequireView, usePermissions } from '../auth/permissions';
import type { ListPageProps } from '../products/list-page';
import { CUSTOMERS_PER_PAGE, customersQueryOptions, deleteCustomer } from './api';
import { SavedViewsMenu } from '../saved-views/saved-views-menu';
import { ExportMenu } from '../../ui/export-menu';
import { ImportButton } from '../imports/import-dialog';
import { sortQuery, viewQueryOf, type ListViewProps, type SortSearch } from '../../lib/list-sort';
import { DayFilter, ListToolbar } from '../../ui/facet-filter';
import { ClientFormDialog } from './client-form-dialog';

const column = createColumnHelper<StaffCustomer>();

const deletion: DeleteWithConfirm<StaffCustomer> = {
  message: 'Voulez-vous vraiment supprimer ce client ?',
  successText: 'Client supprimé avec succès !',
  failureText: 'Erreur lors de la suppression du client.',
  remove: (customer) => deleteCustomer(customer.id),
  invalidate: [queryKeys.customers.all],
};

/** Spec section 9: 10 orders and more green, 5 to 9 yellow, under 5 red. */
export function ordersCountTone(count: number): BadgeTone {
  if (count >= 10) return 'success';
  if (count >= 5) return 'warning';
  return 'danger';
}

/** The company name cut at 47 characters with "..". */
function cutCompany(name: string): string {
  return name.length > 47 ? `${name.slice(0, 47)}..` : name;
}

/** The clients list's URL beyond page and search: order, size, creation dates. */
export interface ClientsView extends SortSearch {
  from?: string;
  to?: string;
}

export type ClientsPageProps = ListPageProps & Partial<ListViewProps<ClientsView>>;

/** /dashboard/clients: "Commandes & Clients / Clients" (orders view). */
export function ClientsPage(props: ClientsPageProps) {
  useDocumentTitle('Clients');
  return (
    <RequireView category="orders">
      <ClientsList {...props} />
    </RequireView>
  );
}

function ClientsList({ page, search, onPageChange, onSearchChange, view = {}, onViewChange, onViewReplace }: ClientsPageProps) {
  const { can } = usePermissions();
  const remove = useDeleteWithConfirm(deletion);
  const [editing, setEditing] = useState<StaffCustomer | 'new' | null>(null);
  const { per_page: perPage, ...order } = sortQuery(view, CUSTOMERS_PER_PAGE);
  const list = useQuery(customersQueryOptions({ page, search, perPage, ...order, from: view.from, to: view.to }));
  const customers = list.data?.customers;

  useClampPage(customers, page, onPageChange);

  const canEdit = can('orders', 'edit');
  const canDelete = can('orders', 'delete');

  const columns = useMemo(
    () => [
      column.accessor('company_name', {
        header: 'Société',
        meta: { sortKey: 'company_name' },
        cell: (info) => (
          <Link
            to="/client/$id"
            params={{ id: String(info.row.original.id) }}
            className="font-medium hover:text-brand-700 hover:underline"
            title={info.getValue()}
          >
            {cutCompany(info.getValue())}
          </Link>
        ),
      }),
      column.accessor('company_email', {
        header: 'Email',
        meta: { sortKey: 'company_email' },
        cell: (info) => (
          <a href={`mailto:${info.getValue()}`} className="text-brand-700 hover:underline">
            {info.getValue()}
          </a>
        ),
      }),
      column.accessor('company_phone', { header: 'Téléphone', meta: { className: 'whitespace-nowrap' } }),
      column.accessor('company_address', { header: 'Adresse', meta: { className: 'min-w-[160px] text-ink-muted' } }),
      column.accessor('representative_name', {
        header: 'Représentant',
        meta: { sortKey: 'representative_name' },
        cell: (info) => {
          const c = info.row.original;
          return (
            <span className="flex flex-col text-xs">
              <span className="text-sm font-medium text-ink">{c.representative_name}</span>
              <span className="text-ink-muted">{c.representative_phone}</span>
              <a href={`mailto:${c.representative_email}`} className="text-brand-700 hover:underline">
                {c.representative_email}
              </a>
            </span>
          );
        },
      }),
      column.accessor('orders_count', {
        header: 'Nb commandes',
        meta: { className: 'text-center', headerClassName: 'text-center' },
        cell: (info) => {
          const count = Number(info.getValue() ?? 0);
          return (
            <Link
              to="/client/$id"
              params={{ id: String(info.row.original.id) }}
              aria-label={`${count} commande${count > 1 ? 's' : ''} de ${info.row.original.company_name}`}
              className="rounded-full focus-visible:outline-3 focus-visible:outline-accent-500 hover:opacity-80"
            >
              <Badge tone={ordersCountTone(count)}>{pad2(count)}</Badge>
            </Link>
          );
        },
      }),
      column.accessor('created_at', {
        header: 'Date de création',
        meta: { className: 'whitespace-nowrap text-ink-muted', sortKey: 'created_at' },
        cell: (info) => formatDate(info.getValue()),
      }),
      actionsColumn<StaffCustomer>((customer) => (
        <span className="inline-flex gap-0.5">
          {canDelete ? (
            <Button
              variant="ghost"
              size="icon-sm"
              className="text-danger hover:bg-danger-soft hover:text-danger"
              aria-label={`Supprimer ${customer.company_name}`}
              title="Supprimer"
              onClick={() => void remove(customer)}
            >
              <Trash2 className="size-2" aria-hidden="true" />
            </Button>
          ) : null}
          {canEdit ? (
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Modifier ${customer.company_name}`}
              title="Modifier"
              onClick={() => setEditing(customer)}
            >
              <Pencil className="size-2" aria-hidden="true" />
            </Button>
          ) : null}
        </span>
      )),
    ],
    [canEdit, canDelete, remove],
  );

  return (
    <section>
      {/* The same header as every other list: title and count, breadcrumb, add button, search under it. */}
      <ListPageHeader
        title="Liste de clients"
        total={customers?.total}
        totalCapped={customers?.total_capped}
        breadcrumb={['Commandes & Clients', 'Clients']}
        createLabel="Ajouter un client"
        onCreate={can('orders', 'create') ? () => setEditing('new') : undefined}
        search={search}
        onSearchChange={onSearchChange}
        searchPlaceholder="Trouver un client"
      />
      {onViewChange && onViewReplace ? (
        <ListToolbar label="Filtrer les clients">
          <DayFilter label="Créés du" value={view.from} onChange={(from) => onViewChange({ from })} />
          <DayFilter label="au" value={view.to} onChange={(to) => onViewChange({ to })} />
          <span className="ml-auto flex flex-wrap gap-1">
            {can('orders', 'create') ? <ImportButton kind="customers" invalidate={[queryKeys.customers.all]} /> : null}
            <ExportMenu path="/api/customer/export" search={search} view={{ ...view }} />
            <SavedViewsMenu list="clients" current={viewQueryOf(search, { ...view })} onApply={onViewReplace} />
          </span>
        </ListToolbar>
      ) : null}
      <DataTable
        label="Liste de clients"
        columns={columns}
        data={customers?.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(list, 'Erreur lors du chargement des clients.')}
        emptyMessage="Aucun client trouvé"
        columnVisibility={{ actions: canEdit || canDelete }}
        pagination={withPageSize(pagerOf(customers, onPageChange), perPage, onViewChange)}
        sort={onViewChange ? { key: view.sort, dir: view.dir, onChange: (sort, dir) => onViewChange({ sort, dir }) } : undefined}
      />
      {editing ? <ClientFormDialog customer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
