import type { CustomerForm, StaffCustomer } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { errorText, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useVersionGuard } from '../../lib/versioning';
import { FormDialog } from '../../ui/form-dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { applyServerErrors } from '../auth/apply-server-errors';
import { createCustomer, updateCustomer } from './api';
import { HistoryPanel } from '../audit/history-panel';

const FIELDS: ReadonlyArray<keyof CustomerForm> = [
  'company_name',
  'company_email',
  'company_phone',
  'company_address',
  'representative_name',
  'representative_email',
  'representative_phone',
];

/** The customer dialog's messages (spelling corrected, docs/deviations.md). */
const REQUIRED: Record<keyof CustomerForm, string> = {
  company_name: 'Le nom de la société est requis.',
  company_email: "L'email de la société est requis.",
  company_phone: 'Le téléphone de la société est requis.',
  company_address: "L'adresse de la société est requise.",
  representative_name: 'Le nom du représentant est requis.',
  representative_phone: 'Le téléphone du représentant est requis.',
  representative_email: "L'email du représentant est requis.",
};

const valuesOf = (customer: StaffCustomer | null) =>
  Object.fromEntries(FIELDS.map((f) => [f, customer?.[f] ?? ''])) as unknown as CustomerForm;

/** Modal "Ajouter un nouveau client" / "Modifier un client" (`customer` null: create). */
export function ClientFormDialog({ customer, onClose }: { customer: StaffCustomer | null; onClose: () => void }) {
  const editing = customer !== null;
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CustomerForm>({ defaultValues: valuesOf(customer) });
  const guard = useVersionGuard(customer, (fresh) => reset(valuesOf(fresh)));

  const onSubmit = handleSubmit(async (values) => {
    const fields = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])) as unknown as CustomerForm;
    try {
      if (editing) await updateCustomer(customer.id, fields, guard.version);
      else await createCustomer(fields);
      notifySuccess(editing ? 'Client mis à jour avec succès !' : 'Client ajouté !');
      await queryClient.invalidateQueries({ queryKey: queryKeys.customers.all });
      onClose();
    } catch (error) {
      if (guard.catchConflict(error)) return;
      if (isApiError(error)) applyServerErrors(error, setError, FIELDS);
      notifyError(
        editing ? 'Erreur lors de la mise à jour.' : 'Erreur lors de la création du client.',
        errorText(error, '', 'Erreur de connexion au serveur.') || undefined,
      );
    }
  });

  const field = (name: keyof CustomerForm, label: string, type = 'text', autoComplete = 'off') => (
    <Field id={`client-${name}`} label={label} error={errors[name]?.message} required>
      <Input
        type={type}
        autoComplete={autoComplete}
        {...register(name, { validate: (v) => (v.trim() ? true : REQUIRED[name]) })}
      />
    </Field>
  );

  return (
    <FormDialog
      title={editing ? 'Modifier un client' : 'Ajouter un nouveau client'}
      size="lg"
      busy={isSubmitting}
      formId="client-form"
      submitLabel={editing ? 'Modifier un client' : 'Ajouter client'}
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="client-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold uppercase tracking-wide text-ink-muted">La société</legend>
          {field('company_name', 'Nom de la société')}
          <div className="grid gap-2 sm:grid-cols-2">
            {field('company_email', 'Email de la société', 'email')}
            {field('company_phone', 'Téléphone de la société', 'tel')}
          </div>
          {field('company_address', 'Adresse de la société')}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold uppercase tracking-wide text-ink-muted">Le représentant</legend>
          {field('representative_name', 'Nom et prénom')}
          <div className="grid gap-2 sm:grid-cols-2">
            {field('representative_email', 'Email du représentant', 'email')}
            {field('representative_phone', 'Téléphone du représentant', 'tel')}
          </div>
        </fieldset>
      </form>
      {editing ? (
        <div className="mt-3">
          <HistoryPanel entity="customer" id={customer.id} />
        </div>
      ) : null}
    </FormDialog>
  );
}
