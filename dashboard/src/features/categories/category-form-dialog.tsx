import type { StaffCategory } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { errorText, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useVersionGuard } from '../../lib/versioning';
import { FormDialog } from '../../ui/form-dialog';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { applyServerErrors } from '../auth/apply-server-errors';
import { DESCRIPTION_MAX, descriptionRules, remainingText } from '../brands/description';
import { createCategory, updateCategory, type CategoryFields } from './api';

/** Add or edit a category (`category` null: create). */
export function CategoryFormDialog({ category, onClose }: { category: StaffCategory | null; onClose: () => void }) {
  const editing = category !== null;
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CategoryFields>({
    defaultValues: { designation: category?.designation ?? '', description: category?.description ?? '' },
  });
  const description = watch('description');
  const guard = useVersionGuard(category, (fresh) => reset({ designation: fresh.designation, description: fresh.description }));

  const onSubmit = handleSubmit(async (values) => {
    const fields = { designation: values.designation.trim(), description: values.description.trim() };
    try {
      if (editing) await updateCategory(category.id, fields, guard.version);
      else await createCategory(fields);
      notifySuccess(editing ? 'Catégorie mise à jour avec succès !' : 'Catégorie ajoutée !');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus }),
      ]);
      onClose();
    } catch (error) {
      if (guard.catchConflict(error)) return;
      if (isApiError(error)) applyServerErrors(error, setError, ['designation', 'description']);
      notifyError(
        editing ? 'Erreur lors de la mise à jour.' : 'Erreur lors de la création de la catégorie.',
        errorText(error, '', 'Erreur de connexion au serveur.') || undefined,
      );
    }
  });

  return (
    <FormDialog
      title={editing ? 'Modifier une catégorie' : 'Ajouter une catégorie'}
      busy={isSubmitting}
      formId="category-form"
      submitLabel={editing ? 'Modifier' : 'Ajouter'}
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="category-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <Field id="category-designation" label="Nom de la catégorie" error={errors.designation?.message} required>
          <Input autoComplete="off" {...register('designation', { validate: (v) => (v.trim() ? true : 'Le nom est requis.') })} />
        </Field>
        <Field
          id="category-description"
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
