import type { StaffCategory } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
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
import { RowActions, actionsColumn } from '../../ui/row-actions';
import { ListPageHeader } from '../../ui/list-page-header';
import { ExportMenu } from '../../ui/export-menu';
import { RequireView, usePermissions } from '../auth/permissions';
import { CATEGORIES_PER_PAGE, categoriesQueryOptions, deleteCategory } from './api';
import { CategoryFormDialog } from './category-form-dialog';

const column = createColumnHelper<StaffCategory>();

const deletion: DeleteWithConfirm<StaffCategory> = {
  message: 'Voulez-vous vraiment supprimer cette catégorie ?',
  successText: 'Catégorie supprimée avec succès !',
  failureText: 'Erreur lors de la suppression de la catégorie.',
  remove: (category) => deleteCategory(category.id),
  invalidate: [queryKeys.categories.all, queryKeys.publishingStatus],
};

/** /dashboard/categories: "Gestion de stock / Catégories" (shop view). */
export function CategoriesPage(props: SortedListPageProps) {
  useDocumentTitle('Catégories');
  return (
    <RequireView category="shop">
      <CategoriesList {...props} />
    </RequireView>
  );
}

function CategoriesList({ page, search, onPageChange, onSearchChange, view, onViewChange, onViewReplace }: SortedListPageProps) {
  const { can } = usePermissions();
  const remove = useDeleteWithConfirm(deletion);
  const [editing, setEditing] = useState<StaffCategory | 'new' | null>(null);
  const { per_page: perPage, ...order } = sortQuery(view, CATEGORIES_PER_PAGE);
  const list = useQuery(categoriesQueryOptions({ page, search, perPage, ...order }));
  const categories = list.data?.categories;

  useClampPage(categories, page, onPageChange);

  const canEdit = can('shop', 'edit');
  const canDelete = can('shop', 'delete');

  const columns = useMemo(
    () => [
      column.accessor('designation', {
        header: 'Nom de la catégorie',
        meta: { sortKey: 'designation' },
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
      }),
      column.display({
        id: 'parent',
        header: 'Catégorie parente',
        cell: () => (
          <span className="text-ink-subtle" title="Aucune catégorie parente">
            <span aria-hidden="true">…</span>
            <span className="sr-only">Aucune</span>
          </span>
        ),
      }),
      column.accessor('description', {
        header: 'Description',
        meta: { className: 'max-w-[360px] text-ink-muted' },
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
      actionsColumn<StaffCategory>((category) => (
        <RowActions
          label={category.designation}
          onEdit={canEdit ? () => setEditing(category) : undefined}
          onDelete={canDelete ? () => void remove(category) : undefined}
        />
      )),
    ],
    [canEdit, canDelete, remove],
  );

  return (
    <section>
      <ListPageHeader
        title="Catégories"
        total={categories?.total}
        breadcrumb={['Gestion de stock', 'Catégories']}
        createLabel="Ajouter une catégorie"
        onCreate={can('shop', 'create') ? () => setEditing('new') : undefined}
        search={search}
        onSearchChange={onSearchChange}
        searchPlaceholder="Rechercher une catégorie"
      />
      <ListToolbar label="Vues des catégories">
        <span className="ml-auto flex gap-1">
          <ExportMenu path="/api/category/export" search={search} view={{ ...view }} />
          <SavedViewsMenu list="categories" current={viewQueryOf(search, { ...view })} onApply={onViewReplace} />
        </span>
      </ListToolbar>
      <DataTable
        label="Liste des catégories"
        columns={columns}
        data={categories?.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(list, 'Erreur lors du chargement des catégories.')}
        emptyMessage="Aucune catégorie trouvée"
        columnVisibility={{ actions: canEdit || canDelete }}
        pagination={withPageSize(pagerOf(categories, onPageChange), perPage, onViewChange)}
        sort={{ key: view.sort, dir: view.dir, onChange: (sort, dir) => onViewChange({ sort, dir }) }}
      />
      {editing ? <CategoryFormDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
