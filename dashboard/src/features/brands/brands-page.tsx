import type { StaffBrand } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { ImageOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDate, pad2, truncate } from '../../lib/format';
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
import { sortQuery, viewQueryOf, type SortedListPageProps } from '../../lib/list-sort';
import { ListToolbar } from '../../ui/facet-filter';
import { SavedViewsMenu } from '../saved-views/saved-views-menu';
import { DataTable } from '../../ui/data-table';
import { ListPageHeader } from '../../ui/list-page-header';
import { RowActions, actionsColumn } from '../../ui/row-actions';
import { ExportMenu } from '../../ui/export-menu';
import { RequireView, usePermissions } from '../auth/permissions';
import { BRANDS_PER_PAGE, brandsQueryOptions, deleteBrand } from './api';
import { BrandFormDialog } from './brand-form-dialog';
import { StoredImage } from '../products/stored-image';

const column = createColumnHelper<StaffBrand>();

const deletion: DeleteWithConfirm<StaffBrand> = {
  message: 'Voulez-vous vraiment supprimer cette marque ?',
  successText: 'Marque supprimée avec succès !',
  failureText: 'Erreur lors de la suppression de la marque.',
  remove: (brand) => deleteBrand(brand.id),
  invalidate: [queryKeys.brands.all, queryKeys.publishingStatus],
};

/** /dashboard/marques: the brands (shop view). */
export function BrandsPage(props: SortedListPageProps) {
  useDocumentTitle('Marques');
  return (
    <RequireView category="shop">
      <BrandsList {...props} />
    </RequireView>
  );
}

function BrandsList({ page, search, onPageChange, onSearchChange, view, onViewChange, onViewReplace }: SortedListPageProps) {
  const { can } = usePermissions();
  const remove = useDeleteWithConfirm(deletion);
  const [editing, setEditing] = useState<StaffBrand | 'new' | null>(null);
  const { per_page: perPage, ...order } = sortQuery(view, BRANDS_PER_PAGE);
  const list = useQuery(brandsQueryOptions({ page, search, perPage, ...order }));
  const brands = list.data?.brands;

  useClampPage(brands, page, onPageChange);

  const canEdit = can('shop', 'edit');
  const canDelete = can('shop', 'delete');

  const columns = useMemo(
    () => [
      column.accessor('image', {
        header: 'Logo',
        meta: { className: 'w-[1%]' },
        cell: (info) => (
          <StoredImage
            path={info.getValue()}
            variants={info.row.original.image_variants}
            className="size-5 rounded-md border border-line bg-white object-contain"
            fallback={
              <span className="grid size-5 place-items-center rounded-md bg-surface-muted text-ink-subtle">
                <ImageOff className="size-2" aria-label="Aucune image" />
              </span>
            }
          />
        ),
      }),
      column.accessor('name', {
        header: 'Nom',
        meta: { sortKey: 'name' },
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
      }),
      column.accessor('representative', { header: 'Représentant', meta: { sortKey: 'representative' } }),
      column.accessor('description', {
        header: 'Description',
        meta: { className: 'max-w-[320px] text-ink-muted' },
        cell: (info) => <span title={info.getValue()}>{truncate(info.getValue(), 47)}</span>,
      }),
      column.accessor('products_count', {
        header: 'Produits',
        meta: { className: 'text-center tabular-nums', headerClassName: 'text-center' },
        cell: (info) => pad2(Number(info.getValue() ?? 0)),
      }),
      column.accessor('created_at', {
        header: 'Date de création',
        meta: { className: 'whitespace-nowrap text-ink-muted', sortKey: 'created_at' },
        cell: (info) => formatDate(info.getValue()),
      }),
      actionsColumn<StaffBrand>((brand) => (
        <RowActions
          label={brand.name}
          onEdit={canEdit ? () => setEditing(brand) : undefined}
          onDelete={canDelete ? () => void remove(brand) : undefined}
        />
      )),
    ],
    [canEdit, canDelete, remove],
  );

  return (
    <section>
      <ListPageHeader
        title="Marques"
        total={brands?.total}
        breadcrumb={['Gestion de stock', 'Marques']}
        createLabel="Ajouter une marque"
        onCreate={can('shop', 'create') ? () => setEditing('new') : undefined}
        search={search}
        onSearchChange={onSearchChange}
        searchPlaceholder="Rechercher une marque"
      />
      <ListToolbar label="Vues des marques">
        <span className="ml-auto flex gap-1">
          <ExportMenu path="/api/brands/export" search={search} view={{ ...view }} />
          <SavedViewsMenu list="brands" current={viewQueryOf(search, { ...view })} onApply={onViewReplace} />
        </span>
      </ListToolbar>
      <DataTable
        label="Liste des marques"
        columns={columns}
        data={brands?.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(list, 'Erreur lors du chargement des marques.')}
        emptyMessage="Aucune marque trouvée"
        columnVisibility={{ actions: canEdit || canDelete }}
        pagination={withPageSize(pagerOf(brands, onPageChange), perPage, onViewChange)}
        sort={{ key: view.sort, dir: view.dir, onChange: (sort, dir) => onViewChange({ sort, dir }) }}
      />
      {editing ? <BrandFormDialog brand={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
