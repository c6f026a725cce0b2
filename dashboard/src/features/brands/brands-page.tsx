import type { StaffBrand } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { ImageOff, Pencil, Plus, Trash2 } from 'lucide-react';
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
import { brandsQueryOptions, deleteBrand } from './api';
import { BrandFormDialog } from './brand-form-dialog';
import { StoredImage } from '../products/stored-image';

const column = createColumnHelper<StaffBrand>();

/** /dashboard/marques: the brands (shop view). */
export function BrandsPage(props: ListPageProps) {
  useDocumentTitle('Marques');
  return (
    <RequireView category="shop">
      <BrandsList {...props} />
    </RequireView>
  );
}

function BrandsList({ page, search, onPageChange, onSearchChange }: ListPageProps) {
  const { can } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<StaffBrand | 'new' | null>(null);
  const list = useQuery(brandsQueryOptions({ page, search }));
  const brands = list.data?.brands;

  useEffect(() => {
    if (brands && brands.last_page >= 1 && page > brands.last_page) onPageChange(brands.last_page);
  }, [brands, page, onPageChange]);

  const canEdit = can('shop', 'edit');
  const canDelete = can('shop', 'delete');

  const columns = useMemo(() => {
    const remove = (brand: StaffBrand) =>
      confirm({
        message: 'Voulez-vous vraiment supprimer cette marque ?',
        confirmLabel: 'Supprimer',
        action: async () => {
          try {
            await deleteBrand(brand.id);
            notifySuccess('Marque supprimée avec succès !');
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: queryKeys.brands.all }),
              queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus }),
            ]);
          } catch (error) {
            notifyError(
              errorText(error, 'Erreur lors de la suppression de la marque.', 'Erreur lors de la suppression de la marque.'),
            );
          }
        },
      });
    return [
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
      column.accessor('name', { header: 'Nom', cell: (info) => <span className="font-medium">{info.getValue()}</span> }),
      column.accessor('representative', { header: 'Représentant' }),
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
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDate(info.getValue()),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-[1%] whitespace-nowrap text-right' },
        cell: (info) => {
          const brand = info.row.original;
          return (
            <span className="inline-flex gap-0.5">
              {canEdit ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Modifier ${brand.name}`}
                  title="Modifier"
                  onClick={() => setEditing(brand)}
                >
                  <Pencil className="size-2" aria-hidden="true" />
                </Button>
              ) : null}
              {canDelete ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-danger hover:bg-danger-soft hover:text-danger"
                  aria-label={`Supprimer ${brand.name}`}
                  title="Supprimer"
                  onClick={() => void remove(brand)}
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
            Marques {brands ? <Badge tone="info">{pad2(brands.total)}</Badge> : null}
          </span>
        }
        breadcrumb={['Gestion de stock', 'Marques']}
        actions={
          can('shop', 'create') ? (
            <Button icon={<Plus className="size-2" aria-hidden="true" />} onClick={() => setEditing('new')}>
              Ajouter une marque
            </Button>
          ) : null
        }
      />
      <div className="mb-2">
        <SearchInput value={search} onChange={onSearchChange} placeholder="Rechercher une marque" />
      </div>
      <DataTable
        label="Liste des marques"
        columns={columns}
        data={brands?.data}
        getRowId={(row) => String(row.id)}
        isLoading={list.isPending}
        isFetching={list.isFetching && list.isPlaceholderData}
        error={
          list.isError
            ? errorText(list.error, 'Erreur lors du chargement des marques.', 'Erreur lors du chargement des marques.')
            : null
        }
        onRetry={() => void list.refetch()}
        emptyMessage="Aucune marque trouvée"
        columnVisibility={{ actions: canEdit || canDelete }}
        pagination={brands ? { page: brands.current_page, lastPage: brands.last_page, onPageChange } : undefined}
      />
      {editing ? <BrandFormDialog brand={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
