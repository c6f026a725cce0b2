import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { ImageOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDate } from '../../lib/format';
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
import { sortQuery, viewQueryOf, type ListViewProps, type SortSearch } from '../../lib/list-sort';
import { DayFilter, FacetFilter, ListToolbar } from '../../ui/facet-filter';
import { SavedViewsMenu } from '../saved-views/saved-views-menu';
import { Badge } from '../../ui/badge';
import { DataTable } from '../../ui/data-table';
import { RowActions, actionsColumn } from '../../ui/row-actions';
import { ListPageHeader } from '../../ui/list-page-header';
import { ExportMenu } from '../../ui/export-menu';
import { ImportButton } from '../imports/import-dialog';
import { RequireView, usePermissions } from '../auth/permissions';
import type { ListPageProps } from '../products/list-page';
import { formatMoney } from '../products/money';
import { STOCK_PER_PAGE, deleteStockEntry, stockQueryOptions, type StockEntry } from './api';
import { StockFormDialog } from './stock-form-dialog';
import { StoredImage } from '../products/stored-image';

const column = createColumnHelper<StockEntry>();

const deletion: DeleteWithConfirm<StockEntry> = {
  message: 'Voulez-vous vraiment supprimer cette entrée de stock ?',
  successText: 'Produit supprimé du stock avec succès !',
  failureText: 'Erreur lors de la suppression du produit.',
  remove: (entry) => deleteStockEntry(entry.id),
  invalidate: [queryKeys.stock.all],
};

/** /dashboard/stock/entrees: "Gestion de stock / Entrées" (stock view). */
/** The stock entries list's URL beyond page and search: order, size, perishable, expiry and receipt days. */
export interface StockEntriesView extends SortSearch {
  expirable?: 'yes' | 'no';
  expiry_from?: string;
  expiry_to?: string;
  from?: string;
  to?: string;
}

export type StockPageProps = ListPageProps & ListViewProps<StockEntriesView>;

export function StockPage(props: StockPageProps) {
  useDocumentTitle('Entrées de stock');
  return (
    <RequireView category="stock">
      <StockList {...props} />
    </RequireView>
  );
}

function StockList({ page, search, onPageChange, onSearchChange, view, onViewChange, onViewReplace }: StockPageProps) {
  const { can } = usePermissions();
  const remove = useDeleteWithConfirm(deletion);
  const [editing, setEditing] = useState<StockEntry | 'new' | null>(null);
  const { per_page: perPage, ...order } = sortQuery(view, STOCK_PER_PAGE);
  const { sort: _sort, dir: _dir, size: _size, ...facets } = view;
  const list = useQuery(stockQueryOptions({ page, search, perPage, ...order, ...facets }));
  const stocks = list.data?.stocks;

  useClampPage(stocks, page, onPageChange);

  const canEdit = can('stock', 'edit');
  const canDelete = can('stock', 'delete');

  const columns = useMemo(
    () => [
      column.accessor('image', {
        header: 'Image',
        meta: { className: 'w-[1%]' },
        cell: (info) => (
          <StoredImage
            path={info.getValue()}
            variants={info.row.original.image_variants}
            className="size-5 rounded-md border border-line bg-surface-muted object-cover"
            fallback={
              <span className="grid size-5 place-items-center rounded-md bg-surface-muted text-ink-subtle">
                <ImageOff className="size-2" aria-label="Aucune image" />
              </span>
            }
          />
        ),
      }),
      column.accessor('name', {
        header: 'Nom du produit',
        meta: { sortKey: 'name' },
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
      }),
      column.display({
        id: 'product',
        header: 'Produit',
        cell: (info) => {
          const { product_id: id, product_name: name } = info.row.original;
          return id ? (
            <Link
              to="/produit/$id"
              params={{ id: String(id) }}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {name ?? `Produit ${id}`}
            </Link>
          ) : (
            <span className="text-ink-subtle">—</span>
          );
        },
      }),
      column.accessor('quantity', {
        header: 'Quantité',
        meta: { className: 'text-center tabular-nums', headerClassName: 'text-center', sortKey: 'quantity' },
        cell: (info) => (info.getValue() > 0 ? info.getValue() : <Badge tone="danger">Épuisé</Badge>),
      }),
      column.accessor('price', {
        header: "Prix d'achat",
        meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right', sortKey: 'price' },
        cell: (info) => formatMoney(info.getValue(), '$'),
      }),
      column.accessor('manufacture_date', {
        header: 'Date de fabrication',
        meta: { className: 'whitespace-nowrap text-ink-muted', sortKey: 'manufacture_date' },
        cell: (info) => formatDate(info.getValue()),
      }),
      column.accessor('expiry_date', {
        header: "Date d'expiration",
        meta: { className: 'whitespace-nowrap', sortKey: 'expiry_date' },
        cell: (info) =>
          info.getValue() ? (
            <span className="text-ink-muted">{formatDate(info.getValue())}</span>
          ) : (
            <Badge tone="neutral">Non expirable</Badge>
          ),
      }),
      actionsColumn<StockEntry>((entry) => (
        <RowActions
          label={entry.name}
          onEdit={canEdit ? () => setEditing(entry) : undefined}
          onDelete={canDelete ? () => void remove(entry) : undefined}
        />
      )),
    ],
    [canEdit, canDelete, remove],
  );

  return (
    <section>
      <ListPageHeader
        title="Entrées de stock"
        total={stocks?.total}
        breadcrumb={['Gestion de stock', 'Entrées']}
        createLabel="Ajouter une entrée"
        onCreate={can('stock', 'create') ? () => setEditing('new') : undefined}
        search={search}
        onSearchChange={onSearchChange}
        searchPlaceholder="Rechercher une entrée"
      />
      <ListToolbar label="Filtrer les entrées de stock">
        <FacetFilter
          label="Périssable"
          value={view.expirable}
          options={[
            { value: 'yes', label: 'Oui' },
            { value: 'no', label: 'Non' },
          ]}
          onChange={(value) => onViewChange({ expirable: value === 'yes' || value === 'no' ? value : undefined })}
        />
        <DayFilter label="Expire du" value={view.expiry_from} onChange={(expiry_from) => onViewChange({ expiry_from })} />
        <DayFilter label="au" value={view.expiry_to} onChange={(expiry_to) => onViewChange({ expiry_to })} />
        <DayFilter label="Reçues du" value={view.from} onChange={(from) => onViewChange({ from })} />
        <DayFilter label="au" value={view.to} onChange={(to) => onViewChange({ to })} />
        <span className="ml-auto flex flex-wrap gap-1">
          {can('stock', 'create') ? (
            <ImportButton kind="stock" invalidate={[queryKeys.stock.all, queryKeys.products.all]} />
          ) : null}
          <ExportMenu path="/api/stock/export" search={search} view={{ ...view }} />
          <SavedViewsMenu list="stock_entries" current={viewQueryOf(search, { ...view })} onApply={onViewReplace} />
        </span>
      </ListToolbar>
      <DataTable
        label="Liste des entrées de stock"
        columns={columns}
        data={stocks?.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(list, 'Erreur lors du chargement des entrées de stock.')}
        emptyMessage="Aucune entrée trouvée"
        columnVisibility={{ actions: canEdit || canDelete }}
        pagination={withPageSize(pagerOf(stocks, onPageChange), perPage, onViewChange)}
        sort={{ key: view.sort, dir: view.dir, onChange: (sort, dir) => onViewChange({ sort, dir }) }}
      />
      {editing ? <StockFormDialog entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
