import type { PermissionCategory, PermissionGridPayload, PermissionRight, RoleListItem } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api';
import { useVersionGuard } from '../../../lib/versioning';
import { queryKeys } from '../../../lib/query-keys';
import { FormDialog } from '../../../ui/form-dialog';
import { Field } from '../../../ui/field';
import { Input, Textarea } from '../../../ui/input';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { Switch } from '../../../ui/switch';
import { applyServerErrors } from '../../auth/apply-server-errors';
import { emptyGrid, PERMISSION_CATEGORIES, PERMISSION_RIGHTS, permissionGrid } from '../../auth/permissions';
import { CATEGORY_LABELS, createRole, updateRole } from './api';
import { HistoryPanel } from '../../audit/history-panel';

export const RIGHT_LABELS: Record<PermissionRight, string> = {
  view: 'Afficher',
  create: 'Créer',
  edit: 'Modifier',
  delete: 'Supprimer',
};

/**
 * Turning a right on turns "Afficher" on too (a screen one cannot see cannot be acted on);
 * turning "Afficher" off turns the category's other rights off.
 */
export function toggleRight(
  grid: PermissionGridPayload,
  category: PermissionCategory,
  right: PermissionRight,
  on: boolean,
): PermissionGridPayload {
  const row = { ...grid[category], [right]: on };
  if (right === 'view' && !on) {
    row.create = false;
    row.edit = false;
    row.delete = false;
  } else if (right !== 'view' && on) {
    row.view = true;
  }
  return { ...grid, [category]: row };
}

interface RoleForm {
  name: string;
  description: string;
}

/** Modal "Créer un nouveau rôle" / "Modifier un rôle" (`role` null: create). */
export function RoleFormDialog({ role, onClose }: { role: RoleListItem | null; onClose: () => void }) {
  const editing = role !== null;
  const queryClient = useQueryClient();
  const [grid, setGrid] = useState<PermissionGridPayload>(() =>
    role
      ? permissionGrid({ role: { id: role.id, name: role.name, description: role.description, permission: role.permission } })
      : emptyGrid(),
  );
  const [requireTwoFactor, setRequireTwoFactor] = useState(role?.require_two_factor ?? false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RoleForm>({ defaultValues: { name: role?.name ?? '', description: role?.description ?? '' } });
  const guard = useVersionGuard(role, (fresh) => {
    reset({ name: fresh.name, description: fresh.description ?? '' });
    setGrid(
      permissionGrid({ role: { id: fresh.id, name: fresh.name, description: fresh.description, permission: fresh.permission } }),
    );
  });

  const onSubmit = handleSubmit(async (values) => {
    const fields = {
      name: values.name.trim(),
      description: values.description.trim(),
      permissions: grid,
      require_two_factor: requireTwoFactor,
    };
    try {
      if (editing) await updateRole(role.id, fields, guard.version);
      else await createRole(fields);
      notifySuccess(editing ? 'Rôle mis à jour avec succès !' : 'Rôle ajouté !');
      // The signed-in user's own role may have changed: reload their permissions too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admins.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
      onClose();
    } catch (error) {
      if (guard.catchConflict(error)) return;
      const failure = editing ? 'Erreur lors de la mise à jour.' : 'Erreur lors de la création du rôle.';
      if (isApiError(error) && !error.isNetworkError) applyServerErrors(error, setError, ['name', 'description']);
      notifyError(failure, isApiError(error) ? error.serverMessage : undefined);
    }
  });

  return (
    <FormDialog
      title={editing ? 'Modifier un rôle' : 'Créer un nouveau rôle'}
      size="lg"
      busy={isSubmitting}
      formId="role-form"
      submitLabel={editing ? 'Modifier' : 'Terminer'}
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="role-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <Field id="role-name" label="Nom du rôle" error={errors.name?.message} required>
          <Input autoComplete="off" {...register('name', { validate: (v) => (v.trim() ? true : 'Le nom est requis.') })} />
        </Field>
        <Field id="role-description" label="Description" error={errors.description?.message} required>
          <Textarea
            rows={3}
            {...register('description', { validate: (v) => (v.trim() ? true : 'La description est requise.') })}
          />
        </Field>
        <div className="flex items-start justify-between gap-2 rounded-lg border border-line p-1.5">
          <div>
            <label htmlFor="role-require-two-factor" className="text-sm font-medium text-ink">
              Exiger la double authentification
            </label>
            <p className="text-xs text-ink-muted">
              Les titulaires du rôle devront configurer une application d'authentification ou une clé d'accès à leur prochaine
              connexion.
            </p>
          </div>
          <Switch
            id="role-require-two-factor"
            checked={requireTwoFactor}
            onCheckedChange={setRequireTwoFactor}
            disabled={isSubmitting}
          />
        </div>
        <fieldset className="rounded-lg border border-line">
          <legend className="ml-1.5 px-0.5 text-sm font-medium text-ink">Permissions</legend>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[520px] text-sm">
              <thead>
                <tr className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
                  <th scope="col" className="px-1.5 py-1 text-left">
                    Catégorie
                  </th>
                  {PERMISSION_RIGHTS.map((right) => (
                    <th key={right} scope="col" className="px-1 py-1 text-center">
                      {RIGHT_LABELS[right]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {PERMISSION_CATEGORIES.map((category) => (
                  <tr key={category} className="border-t border-line">
                    <th scope="row" className="px-1.5 py-1 text-left font-medium text-ink">
                      {CATEGORY_LABELS[category]}
                    </th>
                    {PERMISSION_RIGHTS.map((right) => (
                      <td key={right} className="px-1 py-1 text-center">
                        <Switch
                          checked={grid[category][right]}
                          onCheckedChange={(on) => setGrid((current) => toggleRight(current, category, right, on))}
                          aria-label={`${CATEGORY_LABELS[category]} : ${RIGHT_LABELS[right]}`}
                          disabled={isSubmitting}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </fieldset>
      </form>
      {editing ? (
        <div className="mt-3">
          <HistoryPanel entity="role" id={role.id} />
        </div>
      ) : null}
    </FormDialog>
  );
}
