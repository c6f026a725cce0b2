import type { PublicProduct } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useVersionGuard } from '../../lib/versioning';
import { FormDialog } from '../../ui/form-dialog';
import { notifyError, notifySuccess } from '../../ui/notify';
import { applyServerErrors } from '../auth/apply-server-errors';
import { createProduct, productQueryOptions, updateProduct, type ProductFields } from './api';
import { normaliseAmountInput } from './money';
import { ProductDatasheets } from './product-datasheets';
import { PRODUCT_FIELDS, thresholdOf, valuesOf } from './product-form-values';
import { ProductImagesField } from './product-images-field';
import { ProductMainFields } from './product-main-fields';
import { ProductSpecsEditor } from './product-specs-editor';
import { sameSpecs, specRowsOf, specsPayload, type SpecRow } from './spec-rows';
import { useProductImages } from './use-product-images';
import { useProductOptions } from './use-product-options';

/**
 * Add or edit a product (`product` null: create): its fields, 1 to 5 images with the upload's
 * progress, the « Caractéristiques » table (saved with the form) and, once it exists, its
 * « Fiches techniques » (each sent at once).
 */
export function ProductFormDialog({ product, onClose }: { product: PublicProduct | null; onClose: () => void }) {
  // Some lists (the stock view) carry products without their table and datasheets: the form then reads
  // the product itself first, so that a save never replaces a table it did not show.
  const partial = product !== null && (product.specs === undefined || product.datasheets === undefined);
  const detail = useQuery({ ...productQueryOptions(product?.id ?? 0), enabled: partial });
  if (partial && detail.isPending) return null;
  return <ProductForm product={partial ? (detail.data ?? product) : product} onClose={onClose} />;
}

function ProductForm({ product, onClose }: { product: PublicProduct | null; onClose: () => void }) {
  const editing = product !== null;
  const queryClient = useQueryClient();
  const images = useProductImages(editing);
  const [progress, setProgress] = useState<number | null>(null);
  const [specs, setSpecs] = useState<SpecRow[]>(() => specRowsOf(product?.specs));
  const [specsError, setSpecsError] = useState<string | null>(null);
  const form = useForm<ProductFields>({ defaultValues: valuesOf(product) });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting, dirtyFields },
  } = form;
  const guard = useVersionGuard(product, (fresh) => {
    reset(valuesOf(fresh));
    setSpecs(specRowsOf(fresh.specs));
  });
  const options = useProductOptions(product, form.watch('currency_id'));

  const onSubmit = handleSubmit(
    async (values) => {
      if (!images.check()) return;
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
        // Sent when there is something to say, so that an older copy never clears a table by accident.
        specs: !editing || !sameSpecs(specs, product.specs) ? specsPayload(specs) : undefined,
      };
      setSpecsError(null);
      setProgress(images.images.length ? 0 : null);
      try {
        const onProgress = images.images.length ? setProgress : undefined;
        if (editing) await updateProduct(product.id, fields, images.images, onProgress, guard.version);
        else await createProduct(fields, images.images, onProgress);
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
          applyServerErrors(error, setError, PRODUCT_FIELDS);
          const problem =
            error.fieldError('images') ?? Object.entries(error.errors).find(([k]) => k.startsWith('images'))?.[1]?.[0];
          if (problem) images.setError(problem);
          setSpecsError(error.fieldError('specs') ?? null);
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
      images.check();
    },
  );

  return (
    <FormDialog
      title={editing ? 'Modifier un produit' : 'Ajouter un produit'}
      size="xl"
      busy={isSubmitting}
      formId="product-form"
      submitLabel={editing ? 'Modifier' : 'Ajouter'}
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="product-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <ProductMainFields form={form} options={options} busy={isSubmitting} />
        <ProductImagesField
          state={images}
          current={product?.images ?? []}
          required={!editing}
          busy={isSubmitting}
          progress={progress}
        />
        <ProductSpecsEditor rows={specs} onChange={setSpecs} error={specsError} disabled={isSubmitting} />
      </form>
      <ProductDatasheets
        productId={product?.id ?? null}
        initial={product?.datasheets ?? []}
        guard={guard}
        disabled={isSubmitting}
      />
    </FormDialog>
  );
}
