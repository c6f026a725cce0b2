import type { AdminListItem } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api';
import { useVersionGuard } from '../../../lib/versioning';
import { queryKeys } from '../../../lib/query-keys';
import { FormDialog } from '../../../ui/form-dialog';
import { Field } from '../../../ui/field';
import { FileDrop } from '../../../ui/file-drop';
import { Input } from '../../../ui/input';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { Select } from '../../../ui/select';
import { applyServerErrors } from '../../auth/apply-server-errors';
import {
  domainMessage,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  isCompanyEmail,
  isEmailFormat,
  NEW_PASSWORD_REQUIRED,
  PASSWORD_MIN,
  PASSWORD_MIN_LENGTH,
} from '../../auth/email-rules';
import { PasswordInput } from '../../auth/password-input';
import { usePermissions } from '../../auth/permissions';
import { rolesQueryOptions } from '../roles/api';
import { createAdmin, updateAdmin, type AdminFields } from './api';
import { HistoryPanel } from '../../audit/history-panel';

/** Modal "Ajouter un Administrateur" / "Modifier un Administrateur" (`admin` null: create). */
const valuesOf = (admin: AdminListItem | null): AdminFields => ({
  role_id: admin?.role_id != null ? String(admin.role_id) : admin?.role?.id != null ? String(admin.role.id) : '',
  firstname: admin?.firstname ?? '',
  name: admin?.name ?? '',
  email: admin?.email ?? '',
  password: '',
});

export function AdminFormDialog({ admin, onClose }: { admin: AdminListItem | null; onClose: () => void }) {
  const editing = admin !== null;
  const queryClient = useQueryClient();
  const { user: me } = usePermissions();
  const roles = useQuery(rolesQueryOptions);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AdminFields>({ defaultValues: valuesOf(admin) });
  const guard = useVersionGuard(admin, (fresh) => reset(valuesOf(fresh)));

  // In edit mode the admin's current role comes first.
  const roleOptions = useMemo(() => {
    const list = (roles.data?.roles ?? []).map((role) => ({ value: String(role.id), label: role.name }));
    const current = admin?.role_id ?? admin?.role?.id;
    if (current == null) return list;
    return [...list.filter((o) => o.value === String(current)), ...list.filter((o) => o.value !== String(current))];
  }, [roles.data, admin]);

  const onSubmit = handleSubmit(async (values) => {
    if (imageError) return;
    const fields: AdminFields = {
      role_id: values.role_id,
      firstname: values.firstname.trim(),
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
    };
    try {
      if (editing) await updateAdmin(admin.id, fields, image, guard.version);
      else await createAdmin(fields, image);
      notifySuccess(editing ? 'Admin mis à jour avec succès !' : 'Admin ajouté avec succès !');
      const refresh = [
        queryClient.invalidateQueries({ queryKey: queryKeys.admins.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
      ];
      if (editing && admin.id === me?.id) refresh.push(queryClient.invalidateQueries({ queryKey: queryKeys.me }));
      await Promise.all(refresh);
      onClose();
    } catch (error) {
      if (guard.catchConflict(error)) return;
      const failure = editing ? 'Erreur lors de la mise à jour.' : "Erreur lors de la création de l'admin.";
      if (!isApiError(error) || error.isNetworkError) {
        notifyError(failure);
        return;
      }
      let onFields = applyServerErrors(error, setError, ['role_id', 'firstname', 'name', 'email', 'password']);
      const imageProblem = error.fieldError('image');
      if (imageProblem) {
        setImageError(imageProblem);
        onFields = true;
      }
      // An answer without a field map still names its field in its text (spec section 8).
      if (!onFields && error.serverMessage) {
        if (/e-?mail/i.test(error.serverMessage))
          setError('email', { type: 'server', message: 'Cet email est déjà utilisé.' }, { shouldFocus: true });
        else if (/password|mot de passe/i.test(error.serverMessage))
          setError('password', { type: 'server', message: PASSWORD_MIN }, { shouldFocus: true });
      }
      notifyError(failure, error.serverMessage);
    }
  });

  const busy = isSubmitting;
  return (
    <FormDialog
      title={editing ? 'Modifier un Administrateur' : 'Ajouter un Administrateur'}
      size="lg"
      busy={busy}
      formId="admin-form"
      submitLabel={editing ? 'Modifier' : 'Ajouter'}
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="admin-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <Field id="admin-image" label="Photo" error={imageError ?? undefined}>
          <FileDrop
            value={image}
            currentImage={admin?.image}
            onChange={(file) => {
              setImage(file);
              setImageError(null);
            }}
            onReject={(message) => {
              setImage(null);
              setImageError(message);
            }}
            hint="SVG, PNG, JPG ou WEBP"
            disabled={busy}
          />
        </Field>
        <Field id="admin-role" label="Rôle" error={errors.role_id?.message} required>
          {(controlProps) => (
            <Controller
              control={control}
              name="role_id"
              rules={{ required: 'Le rôle est requis.' }}
              render={({ field }) => (
                <Select
                  {...controlProps}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={roleOptions}
                  placeholder={
                    roles.isPending ? 'Chargement des rôles…' : roles.isError ? 'Erreur lors du chargement des rôles.' : 'Choisir'
                  }
                  disabled={busy || roles.isPending}
                />
              )}
            />
          )}
        </Field>
        <div className="grid gap-2 sm:grid-cols-2">
          <Field id="admin-firstname" label="Prénom(s)" error={errors.firstname?.message} required>
            <Input
              autoComplete="off"
              {...register('firstname', { validate: (v) => (v.trim() ? true : 'Le prénom est requis.') })}
            />
          </Field>
          <Field id="admin-name" label="Nom" error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name', { validate: (v) => (v.trim() ? true : 'Le nom est requis.') })} />
          </Field>
        </div>
        <Field id="admin-email" label="Email" error={errors.email?.message} required>
          <Input
            type="email"
            autoComplete="off"
            {...register('email', {
              validate: (v) => {
                if (!v.trim()) return EMAIL_REQUIRED;
                if (!isEmailFormat(v)) return EMAIL_INVALID;
                return isCompanyEmail(v) ? true : domainMessage();
              },
            })}
          />
        </Field>
        <Field
          id="admin-password"
          label={editing ? 'Modifier le mot de passe' : 'Créer un mot de passe'}
          hint={editing ? 'Laissez vide pour garder le mot de passe actuel (8 caractères au moins).' : '8 caractères au moins.'}
          error={errors.password?.message}
          required={!editing}
        >
          <PasswordInput
            autoComplete="new-password"
            {...register('password', {
              validate: (v) => {
                if (!v) return editing ? true : NEW_PASSWORD_REQUIRED;
                return v.length >= PASSWORD_MIN_LENGTH ? true : PASSWORD_MIN;
              },
            })}
          />
        </Field>
      </form>
      {editing ? (
        <div className="mt-3">
          <HistoryPanel entity="user" id={admin.id} />
        </div>
      ) : null}
    </FormDialog>
  );
}
