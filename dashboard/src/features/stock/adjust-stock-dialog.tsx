import { STOCK_COMMENT_MAX } from '@comptoir/api/text-limits';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorText, isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useVersionGuard } from '../../lib/versioning';
import { Field, FormAlert } from '../../ui/field';
import { FormDialog } from '../../ui/form-dialog';
import { Input, Textarea } from '../../ui/input';
import { notifySuccess } from '../../ui/notify';
import { Select } from '../../ui/select';
import { applyServerErrors } from '../auth/apply-server-errors';
import { ADJUSTMENT_REASONS, adjustStock, ledgerKeys, lotsQueryOptions, type AdjustmentReason } from './ledger-api';

export interface AdjustableProduct {
  id: number;
  name: string;
  stock: number;
  version: number;
}

interface FormValues {
  direction: 'add' | 'remove';
  quantity: string;
  reason: AdjustmentReason | '';
  comment: string;
  lot_id: string;
}

const NO_LOT = 'none';

/** « Ajuster le stock »: adds or removes a quantity with a reason and a comment (one adjustment movement). */
export function AdjustStockDialog({ product, onClose }: { product: AdjustableProduct; onClose: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const lots = useQuery(lotsQueryOptions(product.id));
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: { direction: 'remove', quantity: '', reason: '', comment: '', lot_id: NO_LOT } });
  const guard = useVersionGuard(
    product,
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.products.detail(product.id) }),
  );

  const direction = watch('direction');
  const quantityText = watch('quantity').trim();
  const quantity = /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : 0;
  const after = product.stock + (direction === 'add' ? quantity : -quantity);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const amount = Number(values.quantity.trim());
    try {
      const levels = await adjustStock(product.id, {
        delta: values.direction === 'add' ? amount : -amount,
        reason: values.reason as AdjustmentReason,
        comment: values.comment.trim(),
        lot_id: values.lot_id !== NO_LOT ? Number(values.lot_id) : undefined,
        version: guard.version,
      });
      guard.saved(levels);
      notifySuccess('Stock ajusté avec succès !', `Stock disponible : ${levels.stock}`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stockInsights.all }),
      ]);
      onClose();
    } catch (error) {
      if (guard.catchConflict(error)) return;
      if (isApiError(error) && error.status === 422) {
        applyServerErrors(error, setError, ['reason', 'comment']);
        const delta = error.fieldError('delta');
        if (delta) setError('quantity', { type: 'server', message: delta });
        const lot = error.fieldError('lot_id');
        if (lot) setError('lot_id', { type: 'server', message: lot });
      }
      setFailure(errorText(error, 'Erreur lors de l’ajustement du stock.', 'Erreur de connexion au serveur.'));
    }
  });

  const lotOptions = [
    { value: NO_LOT, label: 'Aucun lot en particulier' },
    ...(lots.data ?? []).map((lot) => ({
      value: String(lot.id),
      label: `${lot.entry_name ?? `Lot ${lot.id}`} — reste ${lot.quantity_left}${lot.expiry_date ? `, expire le ${formatDate(lot.expiry_date)}` : ''}`,
    })),
  ];

  return (
    <FormDialog
      title={`Ajuster le stock — ${product.name}`}
      busy={isSubmitting}
      formId="adjust-stock-form"
      submitLabel="Ajuster"
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="adjust-stock-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <fieldset>
          <legend className="mb-0.5 text-sm font-medium text-ink">Sens</legend>
          <div className="inline-flex rounded-md border border-line p-0.5">
            {(
              [
                ['add', 'Ajouter'],
                ['remove', 'Retirer'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className={cn(
                  'cursor-pointer rounded-sm px-1.5 py-0.5 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-500',
                  direction === value ? 'bg-brand-700 text-white' : 'text-ink-muted hover:bg-surface-muted',
                )}
              >
                <input type="radio" value={value} className="sr-only" {...register('direction')} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field id={`${ids}-quantity`} label="Quantité" error={errors.quantity?.message} required>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            autoComplete="off"
            {...register('quantity', {
              validate: (v) =>
                /^\d{1,9}$/.test(v.trim()) && Number(v) > 0 ? true : 'La quantité doit être un nombre entier positif.',
            })}
          />
        </Field>
        <p className="text-sm text-ink-muted" role="status" data-testid="stock-after">
          Stock disponible après : <strong className={cn('tabular-nums', after < 0 ? 'text-danger' : 'text-ink')}>{after}</strong>
          {after < 0 ? ' (le stock ne peut pas devenir négatif)' : null}
        </p>
        <Field id={`${ids}-reason`} label="Motif" error={errors.reason?.message} required>
          {(controlProps) => (
            <Controller
              control={control}
              name="reason"
              rules={{ validate: (v) => (v ? true : 'Le motif est requis.') }}
              render={({ field }) => (
                <Select
                  {...controlProps}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={ADJUSTMENT_REASONS}
                  placeholder="Choisir un motif"
                />
              )}
            />
          )}
        </Field>
        <Field id={`${ids}-comment`} label="Commentaire" error={errors.comment?.message} required>
          <Textarea
            rows={3}
            maxLength={STOCK_COMMENT_MAX}
            {...register('comment', {
              validate: (v) => {
                const text = v.trim();
                if (!text) return 'Le commentaire est requis.';
                return text.length >= 3 ? true : 'Le commentaire doit contenir au moins 3 caractères.';
              },
            })}
          />
        </Field>
        {lots.data && lots.data.length > 0 ? (
          <Field id={`${ids}-lot`} label="Lot (facultatif)" error={errors.lot_id?.message}>
            {(controlProps) => (
              <Controller
                control={control}
                name="lot_id"
                render={({ field }) => (
                  <Select {...controlProps} value={field.value} onValueChange={field.onChange} options={lotOptions} />
                )}
              />
            )}
          </Field>
        ) : null}
      </form>
    </FormDialog>
  );
}
