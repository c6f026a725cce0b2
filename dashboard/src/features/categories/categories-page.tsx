import type { StaffCategory } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { errorText } from '../../lib/api';
import { formatDate, pad2, truncate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { RequireView, usePermissions } from '../auth/permissions';
import type { ListPageProps } from '../products/list-page';
import { categoriesQueryOptions, deleteCategory } from './api';
import { CategoryFormDialog } from './category-form-dialog';

const column = createColumnHelper<StaffCategory>();

/** /dashboard/categories: "Gestion de stock / Catégories" (shop view). */
export function CategoriesPage(props: ListPageProps) {
  useDocumentTitle('Catégories');
  return (
    <RequireView category="shop">
      <CategoriesList {...props} />
    </RequireView>
  );
}

function CategoriesList({ page, search, onPageChange, onSearchChange }: ListPageProps) {
  const { can } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<StaffCategory | 'new' | null>(null);
  const list = useQuery(categoriesQueryOptions({ page, search }));
  const categories = list.data?.categories;

  useEffect(() => {
    if (categories && categories.last_page >= 1 && page > categories.last_page) onPageChange(categories.last_page);
  }, [categories, page, onPageChange]);

  const canEdit = can('shop', 'edit');
  const canDelete = can('shop', 'delete');

  const columns = useMemo(() => {
    const remove = (category: StaffCategory) =>
      confirm({
        message: 'Voulez-vous vraiment supprimer cette catégorie ?',
        confirmLabel: 'Supprimer',
        action: async () => {
          try {
            await deleteCategory(category.id);
            notifySuccess('Catégorie supprimée avec succès !');
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
              queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus }),
            ]);
          } catch (error) {
            notifyError(
              errorText(
                error,
                'Erreur lors de la suppression de la catégorie.',
                'Erreur lors de la suppression de la catégorie.',
              ),
            );
          }
        },
      });
    return [
      column.accessor('designation', {
        header: 'Nom de la catégorie',
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
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDate(info.getValue()),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-[1%] whitespace-nowrap text-right' },
        cell: (info) => {
          const category = info.row.original;
          return (
            <span className="inline-flex gap-0.5">
              {canEdit ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Modifier ${category.designation}`}
                  title="Modifier"
                  onClick={() => setEditing(category)}
                >
                  <Pencil className="size-2" aria-hidden="true" />
                </Button>
              ) : null}
              {canDelete ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-danger hover:bg-danger-soft hover:text-danger"
                  aria-label={`Supprimer ${category.designation}`}
                  title="Supprimer"
                  onClick={() => void remove(category)}
                >
                  <Trash2 className="size-2" aria-hidden="true" />
                </Button>
              ) : null}
            </span>
          );
        },
      }),
    ];
  }, [canEdit, canDelete, confirm, queryClient]);

  return (
    <section>
      <PageHeader
        title={
          <span className="inline-flex items-center gap-1">
            Catégories {categories ? <Badge tone="info">{pad2(categories.total)}</Badge> : null}
          </span>
        }
        breadcrumb={['Gestion de stock', 'Catégories']}
        actions={
          can('shop', 'create') ? (
            <Button icon={<Plus className="size-2" aria-hidden="true" />} onClick={() => setEditing('new')}>
              Ajouter une catégorie
            </Button>
          ) : null
        }
      />
      <div className="mb-2">
        <SearchInput value={search} onChange={onSearchChange} placeholder="Rechercher une catégorie" />
      </div>
      <DataTable
        label="Liste des catégories"
        columns={columns}
        data={categories?.data}
        getRowId={(row) => String(row.id)}
        isLoading={list.isPending}
        isFetching={list.isFetching && list.isPlaceholderData}
        error={
          list.isError
            ? errorText(list.error, 'Erreur lors du chargement des catégories.', 'Erreur lors du chargement des catégories.')
            : null
        }
        onRetry={() => void list.refetch()}
        emptyMessage="Aucune catégorie trouvée"
        columnVisibility={{ actions: canEdit || canDelete }}
        pagination={categories ? { page: categories.current_page, lastPage: categories.last_page, onPageChange } : undefined}
      />
      {editing ? <CategoryFormDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
