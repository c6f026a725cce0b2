import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { PackageMinus, SlidersHorizontal } from 'lucide-react';
import { useId, useMemo } from 'react';
import { errorText } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { listTableState, pagerOf, useClampPage } from '../../lib/use-list-page';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { notifyError, notifySuccess } from '../../ui/notify';
import { usePermissions } from '../auth/permissions';
import {
  ledgerKeys,
  lotsQueryOptions,
  MOVEMENT_KIND_LABELS,
  movementsQueryOptions,
  reasonLabel,
  stockLevelsQueryOptions,
  writeOffExpired,
  type StockLot,
  type StockMovement,
} from './ledger-api';
import { SignedQuantity } from './signed-quantity';

const lotColumn = createColumnHelper<StockLot>();
const movementColumn = createColumnHelper<StockMovement>();

const units = (n: number) => `${n} unité${n > 1 ? 's' : ''}`;

export interface ProductStockPanelProps {
  productId: number;
  /** The available stock the product answer carries (shown until the levels have loaded). */
  stock: number;
  movementsPage: number;
  onMovementsPageChange: (page: number) => void;
  onAdjust?: () => void;
}

/** The product detail's « Stock » panel: levels, lots (first-expiring first) and the movement history. */
export function ProductStockPanel({ productId, stock, movementsPage, onMovementsPageChange, onAdjust }: ProductStockPanelProps) {
  const ids = useId();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const levels = useQuery(stockLevelsQueryOptions(productId));
  const lots = useQuery(lotsQueryOptions(productId));
  const movements = useQuery(movementsQueryOptions(productId, movementsPage));

  useClampPage(movements.data, movementsPage, onMovementsPageChange);

  const available = levels.data?.stock ?? stock;
  const held = levels.data?.held;
  const expiredUnits = (lots.data ?? []).filter((lot) => lot.expired).reduce((sum, lot) => sum + lot.quantity_left, 0);

  const writeOff = async () => {
    const confirmed = await confirm({
      title: 'Sortir les lots périmés',
      message: `${units(expiredUnits)} périmée${expiredUnits > 1 ? 's' : ''} ser${expiredUnits > 1 ? 'ont' : 'a'} retirée${expiredUnits > 1 ? 's' : ''} du stock (motif « Péremption »). Continuer ?`,
      confirmLabel: 'Sortir du stock',
      tone: 'danger',
      action: async () => {
        try {
          const { written_off } = await writeOffExpired(productId);
          notifySuccess('Lots périmés sortis du stock.', `${units(written_off)} retirée${written_off > 1 ? 's' : ''}.`);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
            queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
            queryClient.invalidateQueries({ queryKey: queryKeys.stockInsights.all }),
          ]);
        } catch (error) {
          notifyError(
            'Erreur lors de la sortie des lots périmés.',
            errorText(error, '', 'Erreur de connexion au serveur.') || undefined,
          );
        }
      },
    });
    return confirmed;
  };

  const lotColumns = useMemo(
    () => [
      lotColumn.accessor('entry_name', {
        header: 'Entrée',
        cell: (info) => <span className="font-medium">{info.getValue() ?? `Lot ${info.row.original.id}`}</span>,
      }),
      lotColumn.accessor('quantity_left', {
        header: 'Quantité restante',
        meta: { className: 'text-right tabular-nums', headerClassName: 'text-right' },
      }),
      lotColumn.accessor('expiry_date', {
        header: 'Expiration',
        meta: { className: 'whitespace-nowrap' },
        cell: (info) => (
          <span className="inline-flex flex-wrap items-center gap-0.5">
            {info.getValue() ? formatDate(info.getValue()) : 'Non expirable'}
            {info.row.original.expired ? <Badge tone="danger">Périmé</Badge> : null}
          </span>
        ),
      }),
      lotColumn.accessor('received_at', {
        header: 'Reçu le',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDate(info.getValue()),
      }),
    ],
    [],
  );

  const movementColumns = useMemo(
    () => [
      movementColumn.accessor('created_at', {
        header: 'Date',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDateTime(info.getValue()),
      }),
      movementColumn.accessor('kind', {
        header: 'Mouvement',
        cell: (info) => MOVEMENT_KIND_LABELS[info.getValue()] ?? info.getValue(),
      }),
      movementColumn.accessor('available_delta', {
        header: 'Disponible',
        meta: { className: 'text-right', headerClassName: 'text-right' },
        cell: (info) => <SignedQuantity value={info.getValue()} />,
      }),
      movementColumn.accessor('held_delta', {
        header: 'Réservé',
        meta: { className: 'text-right', headerClassName: 'text-right' },
        cell: (info) => <SignedQuantity value={info.getValue()} />,
      }),
      movementColumn.display({
        id: 'reason',
        header: 'Motif / commentaire',
        cell: (info) => {
          const { reason, comment } = info.row.original;
          return (
            <span className="flex flex-col">
              {reason ? <span className="font-medium">{reasonLabel(reason)}</span> : null}
              {comment ? <span className="text-ink-muted">{comment}</span> : null}
            </span>
          );
        },
      }),
      movementColumn.accessor('document_label', {
        header: 'Document',
        cell: (info) => info.getValue() ?? '—',
      }),
      movementColumn.accessor('user', {
        header: 'Par',
        cell: (info) => info.getValue()?.name ?? 'Système',
      }),
    ],
    [],
  );

  return (
    <section aria-labelledby={`${ids}-stock`} className="mt-3 flex flex-col gap-2" data-testid="product-stock-panel">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h2 id={`${ids}-stock`} className="text-lg font-semibold text-ink">
          Stock
        </h2>
        {onAdjust ? (
          <Button
            variant="secondary"
            size="sm"
            icon={<SlidersHorizontal className="size-2" aria-hidden="true" />}
            onClick={onAdjust}
          >
            Ajuster le stock
          </Button>
        ) : null}
      </div>
      <dl className="grid grid-cols-3 gap-1 rounded-lg border border-line bg-surface p-2 shadow-card" data-testid="stock-levels">
        <div>
          <dt className="text-xs text-ink-subtle">Disponible</dt>
          <dd className="text-2xl font-semibold tabular-nums text-ink" data-testid="stock-available">
            {available}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-ink-subtle">Réservé</dt>
          <dd className="text-2xl font-semibold tabular-nums text-ink" data-testid="stock-held">
            {held ?? '—'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-ink-subtle">En main</dt>
          <dd className="text-2xl font-semibold tabular-nums text-ink" data-testid="stock-on-hand">
            {levels.data?.on_hand ?? '—'}
          </dd>
        </div>
      </dl>

      <div className="flex flex-wrap items-center justify-between gap-1">
        <h3 className="text-base font-semibold text-ink">Lots</h3>
        {can('stock', 'edit') && expiredUnits > 0 ? (
          <Button
            variant="danger"
            size="sm"
            icon={<PackageMinus className="size-2" aria-hidden="true" />}
            onClick={() => void writeOff()}
          >
            Sortir les lots périmés
          </Button>
        ) : null}
      </div>
      <DataTable
        label="Lots du produit"
        columns={lotColumns}
        data={lots.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(lots, 'Erreur lors du chargement des lots.')}
        emptyMessage="Aucun lot en stock"
      />

      <h3 className="text-base font-semibold text-ink">Historique des mouvements</h3>
      <DataTable
        label="Historique des mouvements"
        columns={movementColumns}
        data={movements.data?.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(movements, 'Erreur lors du chargement des mouvements.')}
        emptyMessage="Aucun mouvement"
        pagination={pagerOf(movements.data, onMovementsPageChange)}
      />
    </section>
  );
}
