import type { StaffBrand } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useVersionGuard } from '../../lib/versioning';
import { FormDialog } from '../../ui/form-dialog';
import { Field } from '../../ui/field';
import { FileDrop } from '../../ui/file-drop';
import { Input, Textarea } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { applyServerErrors } from '../auth/apply-server-errors';
import { createBrand, updateBrand, type BrandFields } from './api';
import { DESCRIPTION_MAX, descriptionRules, remainingText } from './description';

/** Add or edit a brand (`brand` null: create). The image is required on create only. */
export function BrandFormDialog({ brand, onClose }: { brand: StaffBrand | null; onClose: () => void }) {
  const editing = brand !== null;
  const queryClient = useQueryClient();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<BrandFields>({
    defaultValues: {
      name: brand?.name ?? '',
      representative: brand?.representative ?? '',
      description: brand?.description ?? '',
    },
  });
  const description = watch('description');
  const guard = useVersionGuard(brand, (fresh) =>
    reset({ name: fresh.name, representative: fresh.representative, description: fresh.description }),
  );

  const onSubmit = handleSubmit(
    async (values) => {
      if (!editing && !image) {
        setImageError("L'image est requise.");
        return;
      }
      if (imageError) return;
      const fields: BrandFields = {
        name: values.name.trim(),
        representative: values.representative.trim(),
        description: values.description.trim(),
      };
      try {
        if (editing) await updateBrand(brand.id, fields, image, guard.version);
        else await createBrand(fields, image);
        notifySuccess(editing ? 'Marque mise à jour avec succès !' : 'Marque ajoutée avec succès !');
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.brands.all }),
          queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
          queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus }),
        ]);
        onClose();
      } catch (error) {
        if (guard.catchConflict(error)) return;
        const failure = editing ? 'Erreur lors de la mise à jour.' : 'Erreur lors de la création de la marque.';
        if (isApiError(error)) {
          applyServerErrors(error, setError, ['name', 'representative', 'description']);
          const imageProblem = error.fieldError('image');
          if (imageProblem) setImageError(imageProblem);
        }
        notifyError(failure, errorText(error, '', 'Erreur de connexion au serveur.') || undefined);
      }
    },
    () => {
      if (!editing && !image) setImageError("L'image est requise.");
    },
  );

  return (
    <FormDialog
      title={editing ? 'Modifier une marque' : 'Ajouter une marque'}
      size="lg"
      busy={isSubmitting}
      formId="brand-form"
      submitLabel={editing ? 'Modifier' : 'Ajouter'}
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="brand-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <Field id="brand-image" label="Logo de la marque" error={imageError ?? undefined} required={!editing}>
          <FileDrop
            value={image}
            currentImage={brand?.image}
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
        <div className="grid gap-2 sm:grid-cols-2">
          <Field id="brand-name" label="Nom" error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name', { validate: (v) => (v.trim() ? true : 'Le nom est requis.') })} />
          </Field>
          <Field id="brand-representative" label="Représentant" error={errors.representative?.message} required>
            <Input
              autoComplete="off"
              {...register('representative', { validate: (v) => (v.trim() ? true : 'Le représentant est requis.') })}
            />
          </Field>
        </div>
        <Field
          id="brand-description"
          label="Description"
          error={errors.description?.message}
          aside={<span aria-live="polite">{remainingText(description)}</span>}
          required
        >
          <Textarea maxLength={DESCRIPTION_MAX} rows={4} {...register('description', descriptionRules)} />
        </Field>
      </form>
    </FormDialog>
  );
}
