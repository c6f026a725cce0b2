import type { PublicProduct } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Eye, MoreVertical, Pencil, Plus, Star, StarOff, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { errorText } from '../../lib/api';
import { formatDate, pad2, truncate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { Spinner } from '../../ui/spinner';
import { RequireView, usePermissions } from '../auth/permissions';
import { deleteProduct, productsQueryOptions } from './api';
import type { ListPageProps } from './list-page';
import { formatMoney } from './money';
import { ProductFormDialog } from './product-form-dialog';
import { ProductThumbs } from './product-thumbs';
import { StockBadge } from './stock-badge';
import { useSpotlightToggle } from './use-spotlight';

const column = createColumnHelper<PublicProduct>();

/** /dashboard/produits: "Gestion de stock / Produits" (shop view). */
export function ProductsPage(props: ListPageProps) {
  useDocumentTitle('Produits');
  return (
    <RequireView category="shop">
      <ProductsList {...props} />
    </RequireView>
  );
}

function ProductsList({ page, search, onPageChange, onSearchChange }: ListPageProps) {
  const { can } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PublicProduct | 'new' | null>(null);
  const list = useQuery(productsQueryOptions({ page, search }));
  const products = list.data?.products;

  useEffect(() => {
    if (products && products.last_page >= 1 && page > products.last_page) onPageChange(products.last_page);
  }, [products, page, onPageChange]);

  const canEdit = can('shop', 'edit');
  const canDelete = can('shop', 'delete');

  const columns = useMemo(() => {
    const remove = (product: PublicProduct) =>
      confirm({
        message: 'Voulez-vous vraiment supprimer ce produit ?',
        confirmLabel: 'Supprimer',
        action: async () => {
          try {
            await deleteProduct(product.id);
            notifySuccess('Produit supprimé avec succès !');
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
              queryClient.invalidateQueries({ queryKey: queryKeys.summary }),
              queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus }),
            ]);
          } catch (error) {
            notifyError(
              errorText(error, 'Erreur lors de la suppression du produit.', 'Erreur lors de la suppression du produit.'),
            );
          }
        },
      });
    return [
      column.accessor('images', {
        header: 'Images',
        meta: { className: 'w-[1%]' },
        cell: (info) => <ProductThumbs images={info.getValue()} name={info.row.original.name} />,
      }),
      column.accessor('name', {
        header: 'Nom',
        cell: (info) => (
          <span className="inline-flex items-center gap-0.5 font-medium">
            <Link
              to="/produit/$id"
              params={{ id: String(info.row.original.id) }}
              className="hover:text-brand-700 hover:underline"
            >
              {info.getValue()}
            </Link>
            {info.row.original.in_spotlight ? (
              <Star className="size-1.5 fill-accent-500 text-accent-500" aria-label="Populaire" />
            ) : null}
          </span>
        ),
      }),
      column.accessor('stock', {
        header: 'Quantité',
        meta: { className: 'text-center', headerClassName: 'text-center' },
        cell: (info) => <StockBadge stock={info.getValue()} />,
      }),
      column.accessor((row) => row.brand?.name ?? '', { id: 'brand', header: 'Marque' }),
      column.accessor('reference', { header: 'Référence', meta: { className: 'font-mono text-xs whitespace-nowrap' } }),
      column.accessor('price', {
        header: 'Prix',
        meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right' },
        cell: (info) => formatMoney(info.getValue(), info.row.original.currency?.symbol),
      }),
      column.accessor((row) => row.category?.designation ?? '', { id: 'category', header: 'Catégorie' }),
      column.accessor('description', {
        header: 'Description',
        meta: { className: 'min-w-[200px] text-ink-muted' },
        cell: (info) => <span title={info.getValue()}>{truncate(info.getValue(), 47)}</span>,
      }),
      column.accessor('updated_at', {
        header: 'Modifié le',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDate(info.getValue()),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-[1%] whitespace-nowrap text-right' },
        cell: (info) => (
          <ProductActions
            product={info.row.original}
            canEdit={canEdit}
            canDelete={canDelete}
            onEdit={setEditing}
            onDelete={(product) => void remove(product)}
          />
        ),
      }),
    ];
  }, [canEdit, canDelete, confirm, queryClient]);

  return (
    <section>
      <PageHeader
        title={
          <span className="inline-flex items-center gap-1">
            Produits {products ? <Badge tone="info">{pad2(products.total)}</Badge> : null}
          </span>
        }
        breadcrumb={['Gestion de stock', 'Produits']}
        actions={
          can('shop', 'create') ? (
            <Button icon={<Plus className="size-2" aria-hidden="true" />} onClick={() => setEditing('new')}>
              Ajouter un produit
            </Button>
          ) : null
        }
      />
      <div className="mb-2">
        <SearchInput value={search} onChange={onSearchChange} placeholder="Rechercher un produit" />
      </div>
      <DataTable
        label="Liste des produits"
        columns={columns}
        data={products?.data}
        getRowId={(row) => String(row.id)}
        isLoading={list.isPending}
        isFetching={list.isFetching && list.isPlaceholderData}
        error={
          list.isError
            ? errorText(list.error, 'Erreur lors du chargement des produits.', 'Erreur lors du chargement des produits.')
            : null
        }
        onRetry={() => void list.refetch()}
        emptyMessage="Aucun produit trouvé"
        pagination={products ? { page: products.current_page, lastPage: products.last_page, onPageChange } : undefined}
      />
      {editing ? <ProductFormDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

/**
 * A row's actions: the link to the detail and the menu (Modifier, popular toggle, Supprimer). Its
 * own component, so that the toggle's progress re-renders this row only and never the table's
 * columns (which would close an open menu).
 */
function ProductActions({
  product,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  product: PublicProduct;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (product: PublicProduct) => void;
  onDelete: (product: PublicProduct) => void;
}) {
  const { toggle, pendingId } = useSpotlightToggle();
  return (
    <span className="inline-flex items-center gap-0.5">
      <Link
        to="/produit/$id"
        params={{ id: String(product.id) }}
        className="inline-flex size-4 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-500"
        aria-label={`Voir ${product.name}`}
        title="Voir le produit"
      >
        <Eye className="size-2" aria-hidden="true" />
      </Link>
      {canEdit || canDelete ? (
        <DropdownMenu>
          <DropdownMenuTrigger
            className="inline-flex size-4 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-500"
            aria-label={`Actions pour ${product.name}`}
          >
            {pendingId === product.id ? <Spinner size="sm" /> : <MoreVertical className="size-2" aria-hidden="true" />}
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {canEdit ? (
              <DropdownMenuItem icon={<Pencil />} onSelect={() => onEdit(product)}>
                Modifier
              </DropdownMenuItem>
            ) : null}
            {canEdit ? (
              <DropdownMenuItem
                icon={product.in_spotlight ? <StarOff /> : <Star />}
                disabled={pendingId === product.id}
                onSelect={() => void toggle(product)}
              >
                {product.in_spotlight ? 'Retirer des populaires' : 'Marquer comme populaire'}
              </DropdownMenuItem>
            ) : null}
            {canDelete ? (
              <>
                {canEdit ? <DropdownMenuSeparator /> : null}
                <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => onDelete(product)}>
                  Supprimer
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </span>
  );
}
