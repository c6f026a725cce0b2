import type { PublicProduct } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorText, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { FormDialog } from '../../ui/form-dialog';
import { Field, FieldError } from '../../ui/field';
import { FileDrop, useObjectUrl } from '../../ui/file-drop';
import { Input, Textarea } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { Select } from '../../ui/select';
import { applyServerErrors } from '../auth/apply-server-errors';
import { DESCRIPTION_MAX, descriptionRules, remainingText } from '../brands/description';
import { categoryOptionsQueryOptions, currenciesQueryOptions } from '../categories/api';
import { useVersionGuard } from '../../lib/versioning';
import { brandOptionsQueryOptions, createProduct, PRODUCT_MAX_IMAGES, updateProduct, type ProductFields } from './api';
import { AMOUNT_PATTERN, normaliseAmountInput } from './money';
import { StoredImage } from './stored-image';
import { formatTaxRate } from '@comptoir/api/document-totals';
import { runtimeConfig } from '../../lib/runtime-config';

const IMAGES_COUNT = 'Vous devez sélectionner entre 1 et 5 images.';
const IMAGES_INVALID = 'Certaines images ont un format invalide ou dépassent 5MB.';
const FIELDS: ReadonlyArray<keyof ProductFields> = [
  'name',
  'reference',
  'stock',
  'price',
  'brand_id',
  'category_id',
  'currency_id',
  'description',
  'low_stock_threshold',
  'tax_rate_bp',
  'tax_exemption',
];

/** The TVA rates offered (basis points): Togo's normal rate, the reduced one, and exemption. */
const TAX_RATES = [1800, 1000, 0];
const EXEMPTION_REQUIRED = 'Indiquez le motif d’exonération (par exemple « Exonéré, article 4 du CGI »).';

/** « 18 % », « 0 % (Exonéré) ». */
const taxRateLabel = (bp: number) => (bp === 0 ? `${formatTaxRate(0)} (Exonéré)` : formatTaxRate(bp));

function Preview({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const url = useObjectUrl(file);
  return (
    <li className="relative size-10 overflow-hidden rounded-md border border-line bg-surface-muted">
      {url ? <img src={url} alt={file.name} className="size-full object-cover" /> : null}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        className="absolute right-0.5 top-0.5 grid size-2.5 place-items-center rounded-full bg-ink/75 text-white hover:bg-danger focus-visible:outline-3 focus-visible:outline-accent-500"
        aria-label={`Retirer ${file.name}`}
      >
        <X className="size-1.5" aria-hidden="true" />
      </button>
    </li>
  );
}

/** The product's own low-stock threshold when the product at hand carries it, else ''. */
function thresholdOf(product: (PublicProduct & { low_stock_threshold?: number | null }) | null): string {
  const value = product?.low_stock_threshold;
  return value === null || value === undefined ? '' : String(value);
}

const valuesOf = (product: PublicProduct | null) => ({
  // A new product starts at the deployment's default rate (DEFAULT_TAX_RATE_BP).
  tax_rate_bp: String(product?.tax_rate_bp ?? runtimeConfig().default_tax_rate_bp),
  tax_exemption: product?.tax_exemption ?? '',
  name: product?.name ?? '',
  reference: product?.reference ?? '',
  stock: product ? String(product.stock) : '',
  price: product?.price ?? '',
  brand_id: product ? String(product.brand_id ?? product.brand?.id ?? '') : '',
  category_id: product ? String(product.category_id ?? product.category?.id ?? '') : '',
  currency_id: product ? String(product.currency_id ?? product.currency?.id ?? '') : '',
  description: product?.description ?? '',
  low_stock_threshold: thresholdOf(product),
});

/** Add or edit a product (`product` null: create), with 1 to 5 images and the upload's progress. */
export function ProductFormDialog({ product, onClose }: { product: PublicProduct | null; onClose: () => void }) {
  const editing = product !== null;
  const queryClient = useQueryClient();
  const brands = useQuery(brandOptionsQueryOptions);
  const categories = useQuery(categoryOptionsQueryOptions);
  const currencies = useQuery(currenciesQueryOptions);
  const [images, setImages] = useState<File[]>([]);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ProductFields>({
    defaultValues: valuesOf(product),
  });
  const guard = useVersionGuard(product, (fresh) => reset(valuesOf(fresh)));
  const description = watch('description');
  const currencyId = watch('currency_id');
  const symbol = useMemo(
    () => currencies.data?.find((c) => String(c.id) === currencyId)?.symbol ?? product?.currency?.symbol ?? '',
    [currencies.data, currencyId, product],
  );

  const brandOptions = useMemo(() => {
    const list = (brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));
    if (product?.brand && !list.some((o) => o.value === String(product.brand.id))) {
      list.unshift({ value: String(product.brand.id), label: product.brand.name });
    }
    return list;
  }, [brands.data, product]);
  const categoryOptions = useMemo(() => {
    const list = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.designation }));
    if (product?.category && !list.some((o) => o.value === String(product.category.id))) {
      list.unshift({ value: String(product.category.id), label: product.category.designation });
    }
    return list;
  }, [categories.data, product]);
  const taxRate = watch('tax_rate_bp');
  const exempt = taxRate === '0';
  const taxOptions = useMemo(() => {
    const rates = new Set([...TAX_RATES, runtimeConfig().default_tax_rate_bp]);
    if (product) rates.add(product.tax_rate_bp);
    return [...rates].sort((a, b) => b - a).map((bp) => ({ value: String(bp), label: taxRateLabel(bp) }));
  }, [product]);
  const currencyOptions = useMemo(
    () => (currencies.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.symbol})` })),
    [currencies.data],
  );

  const addImages = (files: File[]) => {
    // Too many: the whole choice is refused (none kept silently), and saving waits until it is fixed.
    if (images.length + files.length > PRODUCT_MAX_IMAGES) {
      setImagesError(`${IMAGES_COUNT} Vous en avez choisi ${images.length + files.length} : aucune n’a été ajoutée.`);
      return;
    }
    setImagesError(null);
    setImages([...images, ...files]);
  };

  const checkImages = (): boolean => {
    // A refused choice (too many images) stays on screen until it is fixed: nothing is saved meanwhile.
    if (images.length > PRODUCT_MAX_IMAGES || imagesError?.startsWith(IMAGES_COUNT)) {
      setImagesError(imagesError?.startsWith(IMAGES_COUNT) ? imagesError : IMAGES_COUNT);
      return false;
    }
    if (!editing && images.length === 0) {
      setImagesError("L'image est requise.");
      return false;
    }
    return true;
  };

  const onSubmit = handleSubmit(
    async (values) => {
      if (!checkImages()) return;
      const fields: ProductFields = {
        ...values,
        name: values.name.trim(),
        reference: values.reference.trim(),
        stock: values.stock.trim(),
        price: normaliseAmountInput(values.price),
        description: values.description.trim(),
        // The product read from the catalogue does not carry its threshold (staff data): send the field
        // only when creating or when it was changed here, so that saving never clears it by accident.
        low_stock_threshold:
          !editing || dirtyFields.low_stock_threshold || thresholdOf(product) !== ''
            ? (values.low_stock_threshold ?? '').trim()
            : undefined,
        tax_exemption: values.tax_rate_bp === '0' ? values.tax_exemption.trim() : '',
      };
      setProgress(images.length ? 0 : null);
      try {
        const onProgress = images.length ? setProgress : undefined;
        if (editing) await updateProduct(product.id, fields, images, onProgress, guard.version);
        else await createProduct(fields, images, onProgress);
        notifySuccess(editing ? 'Produit mis à jour avec succès !' : 'Produit ajouté avec succès !');
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
          queryClient.invalidateQueries({ queryKey: queryKeys.brands.all }),
          queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
          queryClient.invalidateQueries({ queryKey: queryKeys.summary }),
          queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus }),
        ]);
        onClose();
      } catch (error) {
        if (guard.catchConflict(error)) return;
        if (isApiError(error)) {
          applyServerErrors(error, setError, FIELDS);
          const problem =
            error.fieldError('images') ?? Object.entries(error.errors).find(([k]) => k.startsWith('images'))?.[1]?.[0];
          if (problem) setImagesError(problem);
        }
        notifyError(
          editing ? 'Erreur lors de la mise à jour.' : 'Erreur lors de la création du produit.',
          errorText(error, '', 'Erreur de connexion au serveur.') || undefined,
        );
      } finally {
        setProgress(null);
      }
    },
    () => {
      checkImages();
    },
  );

  const busy = isSubmitting;
  const required = (message: string) => ({ validate: (v: string) => (v.trim() ? true : message) });

  return (
    <FormDialog
      title={editing ? 'Modifier un produit' : 'Ajouter un produit'}
      size="xl"
      busy={busy}
      formId="product-form"
      submitLabel={editing ? 'Modifier' : 'Ajouter'}
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="product-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <div className="grid gap-2 sm:grid-cols-2">
          <Field id="product-name" label="Nom du produit" error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name', required('Le nom est requis.'))} />
          </Field>
          <Field id="product-reference" label="Référence" error={errors.reference?.message} required>
            <Input autoComplete="off" {...register('reference', required('La référence est requise.'))} />
          </Field>
          <Field id="product-stock" label="Quantité en stock" error={errors.stock?.message} required>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...register('stock', {
                validate: (v) => {
                  if (!String(v).trim()) return 'La quantité est requise.';
                  return /^\d{1,9}$/.test(String(v).trim()) ? true : 'La quantité doit être un nombre entier positif ou nul.';
                },
              })}
            />
          </Field>
          <Field
            id="product-low-stock"
            label="Seuil de stock bas"
            hint="Vide : le seuil par défaut. À ce niveau ou en dessous, le produit apparaît en stock bas sur l'accueil."
            error={errors.low_stock_threshold?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...register('low_stock_threshold', {
                validate: (v) =>
                  !String(v).trim() || /^\d{1,9}$/.test(String(v).trim())
                    ? true
                    : 'Le seuil de stock bas doit être un nombre entier positif ou nul.',
              })}
            />
          </Field>
          <Field id="product-price" label="Prix" error={errors.price?.message} required>
            {(controlProps) => (
              <div className="relative">
                <Input
                  {...controlProps}
                  inputMode="decimal"
                  autoComplete="off"
                  className={symbol ? 'pr-7' : undefined}
                  {...register('price', {
                    validate: (v) => {
                      if (!String(v).trim()) return 'Le prix est requis.';
                      return AMOUNT_PATTERN.test(normaliseAmountInput(String(v)))
                        ? true
                        : 'Le prix doit être un nombre positif avec au plus deux décimales.';
                    },
                  })}
                />
                {symbol ? (
                  <span
                    className="pointer-events-none absolute right-1 top-1/2 -translate-y-1/2 text-sm font-medium text-ink-subtle"
                    data-testid="price-symbol"
                  >
                    {symbol}
                  </span>
                ) : null}
              </div>
            )}
          </Field>
          <Field id="product-currency" label="Devise" error={errors.currency_id?.message} required>
            {(controlProps) => (
              <Controller
                control={control}
                name="currency_id"
                rules={required('La devise est requise.')}
                render={({ field }) => (
                  <Select
                    {...controlProps}
                    value={field.value}
                    onValueChange={field.onChange}
                    options={currencyOptions}
                    placeholder={
                      currencies.isError
                        ? 'Erreur lors du chargement des devises.'
                        : currencies.isPending
                          ? 'Chargement…'
                          : 'Choisir'
                    }
                    disabled={busy || currencies.isPending}
                  />
                )}
              />
            )}
          </Field>
          <Field id="product-tax-rate" label="TVA" error={errors.tax_rate_bp?.message} required>
            {(controlProps) => (
              <Controller
                control={control}
                name="tax_rate_bp"
                rules={required('Le taux de TVA est requis.')}
                render={({ field }) => (
                  <Select
                    {...controlProps}
                    value={field.value}
                    onValueChange={field.onChange}
                    options={taxOptions}
                    disabled={busy}
                  />
                )}
              />
            )}
          </Field>
          {exempt ? (
            <Field id="product-tax-exemption" label="Motif d'exonération" error={errors.tax_exemption?.message} required>
              <Input
                autoComplete="off"
                maxLength={255}
                {...register('tax_exemption', { validate: (v) => (exempt && !v.trim() ? EXEMPTION_REQUIRED : true) })}
              />
            </Field>
          ) : null}
          <Field id="product-brand" label="Marque" error={errors.brand_id?.message} required>
            {(controlProps) => (
              <Controller
                control={control}
                name="brand_id"
                rules={required('La marque est requise.')}
                render={({ field }) => (
                  <Select
                    {...controlProps}
                    value={field.value}
                    onValueChange={field.onChange}
                    options={brandOptions}
                    placeholder={
                      brands.isError ? 'Erreur lors du chargement des marques.' : brands.isPending ? 'Chargement…' : 'Choisir'
                    }
                    disabled={busy || brands.isPending}
                  />
                )}
              />
            )}
          </Field>
          <Field id="product-category" label="Catégorie" error={errors.category_id?.message} required className="sm:col-span-2">
            {(controlProps) => (
              <Controller
                control={control}
                name="category_id"
                rules={required('La catégorie est requise.')}
                render={({ field }) => (
                  <Select
                    {...controlProps}
                    value={field.value}
                    onValueChange={field.onChange}
                    options={categoryOptions}
                    placeholder={
                      categories.isError
                        ? 'Erreur lors du chargement des catégories.'
                        : categories.isPending
                          ? 'Chargement…'
                          : 'Choisir'
                    }
                    disabled={busy || categories.isPending}
                  />
                )}
              />
            )}
          </Field>
        </div>
        <Field
          id="product-description"
          label="Description"
          error={errors.description?.message}
          aside={<span aria-live="polite">{remainingText(description)}</span>}
          required
        >
          <Textarea maxLength={DESCRIPTION_MAX} rows={4} {...register('description', descriptionRules)} />
        </Field>
        <div className="flex flex-col gap-0.5">
          <span className="text-sm font-medium text-ink">
            <label htmlFor="product-images">Images du produit</label>
            {!editing ? (
              <span className="ml-0.5 text-danger" aria-hidden="true">
                *
              </span>
            ) : null}
            <span className="ml-1 text-xs font-normal text-ink-subtle">
              {images.length}/{PRODUCT_MAX_IMAGES}
            </span>
          </span>
          <FileDrop
            id="product-images"
            multiple
            value={null}
            onChange={() => undefined}
            onFilesChange={addImages}
            onReject={() => setImagesError(IMAGES_INVALID)}
            hint="De 1 à 5 images : SVG, PNG, JPG ou WEBP"
            disabled={busy || images.length >= PRODUCT_MAX_IMAGES}
            aria-invalid={imagesError ? true : undefined}
            aria-describedby={imagesError ? 'product-images-error' : undefined}
          />
          {imagesError ? <FieldError id="product-images-error">{imagesError}</FieldError> : null}
          {images.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-1" aria-label="Images choisies">
              {images.map((file, index) => (
                <Preview
                  key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
                  file={file}
                  disabled={busy}
                  onRemove={() => {
                    setImages((current) => current.filter((_, i) => i !== index));
                    setImagesError(null);
                  }}
                />
              ))}
            </ul>
          ) : null}
          {editing && product.images.length > 0 ? (
            <div className="mt-1">
              <p className="text-xs text-ink-subtle">
                {images.length > 0
                  ? 'Les nouvelles images remplaceront les images actuelles :'
                  : 'Images actuelles (ajoutez-en de nouvelles pour les remplacer) :'}
              </p>
              <ul className="mt-0.5 flex flex-wrap gap-1" aria-label="Images actuelles">
                {product.images.map((image) => (
                  <li key={image.id} className={images.length > 0 ? 'opacity-40' : undefined}>
                    <StoredImage
                      path={image.image_path}
                      variants={image.image_variants}
                      className="size-8 rounded-md border border-line object-cover"
                    />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {progress !== null ? (
            <div
              className="mt-1"
              role="progressbar"
              aria-label="Envoi des images"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
            >
              <div className="flex justify-between text-xs text-ink-muted">
                <span>Envoi des images…</span>
                <span>{Math.round(progress * 100)} %</span>
              </div>
              <div className="mt-0.5 h-1 overflow-hidden rounded-full bg-surface-muted">
                <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
              </div>
            </div>
          ) : null}
        </div>
      </form>
    </FormDialog>
  );
}
