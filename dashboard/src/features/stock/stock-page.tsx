import type { StockEntryRow } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { ImageOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { errorText } from '../../lib/api';
import { formatDate, pad2 } from '../../lib/format';
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
import { formatMoney } from '../products/money';
import { deleteStockEntry, stockQueryOptions } from './api';
import { StockFormDialog } from './stock-form-dialog';
import { StoredImage } from '../products/stored-image';

const column = createColumnHelper<StockEntryRow>();

/** /dashboard/stock/entrees: "Gestion de stock / Entrées" (stock view). */
export function StockPage(props: ListPageProps) {
  useDocumentTitle('Entrées de stock');
  return (
    <RequireView category="stock">
      <StockList {...props} />
    </RequireView>
  );
}

function StockList({ page, search, onPageChange, onSearchChange }: ListPageProps) {
  const { can } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<StockEntryRow | 'new' | null>(null);
  const list = useQuery(stockQueryOptions({ page, search }));
  const stocks = list.data?.stocks;

  useEffect(() => {
    if (stocks && stocks.last_page >= 1 && page > stocks.last_page) onPageChange(stocks.last_page);
  }, [stocks, page, onPageChange]);

  const canEdit = can('stock', 'edit');
  const canDelete = can('stock', 'delete');

  const columns = useMemo(() => {
    const remove = (entry: StockEntryRow) =>
      confirm({
        message: 'Voulez-vous vraiment supprimer cette entrée de stock ?',
        confirmLabel: 'Supprimer',
        action: async () => {
          try {
            await deleteStockEntry(entry.id);
            notifySuccess('Produit supprimé du stock avec succès !');
            await queryClient.invalidateQueries({ queryKey: queryKeys.stock.all });
          } catch (error) {
            notifyError(
              errorText(error, 'Erreur lors de la suppression du produit.', 'Erreur lors de la suppression du produit.'),
            );
          }
        },
      });
    return [
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
        cell: (info) => <span className="font-medium">{info.getValue()}</span>,
      }),
      column.accessor('quantity', {
        header: 'Quantité',
        meta: { className: 'text-center tabular-nums', headerClassName: 'text-center' },
        cell: (info) => (info.getValue() > 0 ? info.getValue() : <Badge tone="danger">Épuisé</Badge>),
      }),
      column.accessor('price', {
        header: "Prix d'achat",
        meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right' },
        cell: (info) => formatMoney(info.getValue(), '$'),
      }),
      column.accessor('manufacture_date', {
        header: 'Date de fabrication',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDate(info.getValue()),
      }),
      column.accessor('expiry_date', {
        header: "Date d'expiration",
        meta: { className: 'whitespace-nowrap' },
        cell: (info) =>
          info.getValue() ? (
            <span className="text-ink-muted">{formatDate(info.getValue())}</span>
          ) : (
            <Badge tone="neutral">Non expirable</Badge>
          ),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-[1%] whitespace-nowrap text-right' },
        cell: (info) => {
          const entry = info.row.original;
          return (
            <span className="inline-flex gap-0.5">
              {canEdit ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Modifier ${entry.name}`}
                  title="Modifier"
                  onClick={() => setEditing(entry)}
                >
                  <Pencil className="size-2" aria-hidden="true" />
                </Button>
              ) : null}
              {canDelete ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-danger hover:bg-danger-soft hover:text-danger"
                  aria-label={`Supprimer ${entry.name}`}
                  title="Supprimer"
                  onClick={() => void remove(entry)}
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
            Entrées de stock {stocks ? <Badge tone="info">{pad2(stocks.total)}</Badge> : null}
          </span>
        }
        breadcrumb={['Gestion de stock', 'Entrées']}
        actions={
          can('stock', 'create') ? (
            <Button icon={<Plus className="size-2" aria-hidden="true" />} onClick={() => setEditing('new')}>
              Ajouter une entrée
            </Button>
          ) : null
        }
      />
      <div className="mb-2">
        <SearchInput value={search} onChange={onSearchChange} placeholder="Rechercher une entrée" />
      </div>
      <DataTable
        label="Liste des entrées de stock"
        columns={columns}
        data={stocks?.data}
        getRowId={(row) => String(row.id)}
        isLoading={list.isPending}
        isFetching={list.isFetching && list.isPlaceholderData}
        error={
          list.isError
            ? errorText(
                list.error,
                'Erreur lors du chargement des entrées de stock.',
                'Erreur lors du chargement des entrées de stock.',
              )
            : null
        }
        onRetry={() => void list.refetch()}
        emptyMessage="Aucune entrée trouvée"
        columnVisibility={{ actions: canEdit || canDelete }}
        pagination={stocks ? { page: stocks.current_page, lastPage: stocks.last_page, onPageChange } : undefined}
      />
      {editing ? <StockFormDialog entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
