import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorText, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useVersionGuard } from '../../lib/versioning';
import { FormDialog } from '../../ui/form-dialog';
import { Field } from '../../ui/field';
import { FileDrop } from '../../ui/file-drop';
import { Input } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { Switch } from '../../ui/switch';
import { applyServerErrors } from '../auth/apply-server-errors';
import { AMOUNT_PATTERN, normaliseAmountInput } from '../products/money';
import { createStockEntry, updateStockEntry, type StockEntry, type StockFields } from './api';
import { ledgerKeys } from './ledger-api';
import { ProductPicker, type PickedProduct } from './product-picker';

const EXPIRY_AFTER = 'La date d’expiration doit être supérieure à la date de fabrication.';
const EXPIRY_REQUIRED = 'La date d’expiration est requise pour un produit expirable.';

interface FormValues extends Omit<StockFields, 'expirable' | 'product_id'> {
  /** The switch: on means the goods do not expire (no expiry date). */
  nonExpirable: boolean;
}

const valuesOf = (entry: StockEntry | null): FormValues => ({
  name: entry?.name ?? '',
  price: entry?.price ?? '',
  quantity: entry ? String(entry.quantity) : '',
  manufacture_date: entry?.manufacture_date ?? '',
  nonExpirable: entry ? !entry.expiry_date : false,
  expiry_date: entry?.expiry_date ?? '',
  billing_date: entry?.billing_date ?? '',
});

/** Add or edit a stock entry (`entry` null: create). The image is required on create only. */
export function StockFormDialog({ entry, onClose }: { entry: StockEntry | null; onClose: () => void }) {
  const editing = entry !== null;
  const queryClient = useQueryClient();
  const ids = useId();
  const [product, setProduct] = useState<PickedProduct | null>(
    entry?.product_id ? { id: entry.product_id, name: entry.product_name ?? `Produit ${entry.product_id}` } : null,
  );
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [productError, setProductError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    clearErrors,
    trigger,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<FormValues>({ defaultValues: valuesOf(entry) });
  const guard = useVersionGuard(entry, (fresh) => reset(valuesOf(fresh)));
  const nonExpirable = watch('nonExpirable');

  const onSubmit = handleSubmit(
    async (values) => {
      if (!editing && !image) {
        setImageError("L'image est requise.");
        return;
      }
      if (imageError) return;
      const fields: StockFields = {
        name: values.name.trim(),
        price: normaliseAmountInput(values.price),
        quantity: values.quantity.trim(),
        manufacture_date: values.manufacture_date,
        expirable: !values.nonExpirable,
        expiry_date: values.nonExpirable ? '' : values.expiry_date,
        billing_date: values.billing_date,
        product_id: product ? String(product.id) : editing && entry.product_id ? '' : undefined,
      };
      try {
        if (editing) await updateStockEntry(entry.id, fields, image, guard.version);
        else await createStockEntry(fields, image);
        notifySuccess(editing ? 'Produit en stock mis à jour avec succès !' : 'Produit ajouté en stock avec succès !');
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.stock.all }),
          queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
          queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
        ]);
        onClose();
      } catch (error) {
        if (guard.catchConflict(error)) return;
        if (isApiError(error)) {
          const productProblem = error.fieldError('product_id');
          if (productProblem) setProductError(productProblem);
          applyServerErrors(error, setError, ['name', 'price', 'quantity', 'manufacture_date', 'expiry_date', 'billing_date']);
          const expirable = error.fieldError('expirable');
          if (expirable) setError('expiry_date', { type: 'server', message: expirable });
          const imageProblem = error.fieldError('image');
          if (imageProblem) setImageError(imageProblem);
        }
        notifyError(
          editing ? 'Erreur lors de la mise à jour.' : "Erreur lors de l'ajout du produit",
          errorText(error, '', 'Erreur de connexion au serveur.') || undefined,
        );
      }
    },
    () => {
      if (!editing && !image) setImageError("L'image est requise.");
    },
  );

  const required = (message: string) => ({ validate: (v: string) => (String(v).trim() ? true : message) });

  return (
    <FormDialog
      title={editing ? 'Modifier une entrée' : 'Ajouter une entrée'}
      size="lg"
      busy={isSubmitting}
      formId="stock-form"
      submitLabel={editing ? 'Modifier' : 'Ajouter'}
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="stock-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <Field id={`${ids}-image`} label="Image du produit" error={imageError ?? undefined} required={!editing}>
          <FileDrop
            value={image}
            currentImage={entry?.image}
            onChange={(file) => {
              setImage(file);
              setImageError(null);
            }}
            onReject={(message) => {
              setImage(null);
              setImageError(message);
            }}
            disabled={isSubmitting}
          />
        </Field>
        <Field
          id={`${ids}-product`}
          label="Produit du catalogue (facultatif)"
          error={productError ?? undefined}
          hint={
            product
              ? 'La quantité sera ajoutée au stock du produit.'
              : 'Choisissez le produit reçu pour que la quantité soit ajoutée à son stock.'
          }
        >
          {(controlProps) => (
            <ProductPicker
              id={controlProps.id}
              value={product}
              disabled={isSubmitting}
              onChange={(picked) => {
                setProduct(picked);
                setProductError(null);
                if (picked && !watch('name').trim()) setValue('name', picked.name);
              }}
            />
          )}
        </Field>
        <Field id={`${ids}-name`} label="Nom du produit" error={errors.name?.message} required>
          <Input autoComplete="off" {...register('name', required('Le nom est requis.'))} />
        </Field>
        <div className="grid gap-2 sm:grid-cols-2">
          <Field id={`${ids}-price`} label="Prix d'achat" error={errors.price?.message} required>
            {(controlProps) => (
              <div className="relative">
                <Input
                  {...controlProps}
                  inputMode="decimal"
                  autoComplete="off"
                  className="pr-4"
                  {...register('price', {
                    validate: (v) => {
                      if (!String(v).trim()) return 'Le prix est requis.';
                      return AMOUNT_PATTERN.test(normaliseAmountInput(String(v)))
                        ? true
                        : 'Le prix doit être un nombre positif avec au plus deux décimales.';
                    },
                  })}
                />
                <span className="pointer-events-none absolute right-1 top-1/2 -translate-y-1/2 text-sm font-medium text-ink-subtle">
                  $
                </span>
              </div>
            )}
          </Field>
          <Field id={`${ids}-quantity`} label="Quantité" error={errors.quantity?.message} required>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...register('quantity', {
                validate: (v) => {
                  if (!String(v).trim()) return 'La quantité est requise.';
                  return /^\d{1,9}$/.test(String(v).trim()) ? true : 'La quantité doit être un nombre entier positif ou nul.';
                },
              })}
            />
          </Field>
          <Field id={`${ids}-manufacture`} label="Date de fabrication" error={errors.manufacture_date?.message} required>
            <Input
              type="date"
              {...register('manufacture_date', {
                ...required('La date de fabrication est requise.'),
                onChange: () => {
                  if (isSubmitted) void trigger('expiry_date');
                },
              })}
            />
          </Field>
          <Field id={`${ids}-billing`} label="Date de facturation" error={errors.billing_date?.message}>
            <Input type="date" {...register('billing_date')} />
          </Field>
        </div>
        <div className="grid items-start gap-2 sm:grid-cols-2">
          <div className="flex items-center gap-1 pt-3">
            <Controller
              control={control}
              name="nonExpirable"
              render={({ field }) => (
                <Switch
                  id={`${ids}-non-expirable`}
                  checked={field.value}
                  disabled={isSubmitting}
                  onCheckedChange={(checked) => {
                    field.onChange(checked);
                    if (checked) {
                      setValue('expiry_date', '');
                      clearErrors('expiry_date');
                    }
                  }}
                />
              )}
            />
            <label htmlFor={`${ids}-non-expirable`} className="text-sm font-medium text-ink">
              Non expirable
            </label>
          </div>
          <Field
            id={`${ids}-expiry`}
            label="Date d'expiration"
            error={errors.expiry_date?.message}
            hint={nonExpirable ? 'Produit non expirable : pas de date d’expiration.' : undefined}
            required={!nonExpirable}
          >
            <Input
              type="date"
              disabled={nonExpirable}
              {...register('expiry_date', {
                validate: (value, all) => {
                  if (all.nonExpirable) return true;
                  if (!value) return EXPIRY_REQUIRED;
                  if (all.manufacture_date && value <= all.manufacture_date) return EXPIRY_AFTER;
                  return true;
                },
              })}
            />
          </Field>
        </div>
      </form>
    </FormDialog>
  );
}
