import { CURRENCY_CODE_LENGTH } from '@comptoir/api/text-limits';
import type { ExchangeRateRow } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { listTableState } from '../../lib/use-list-page';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { RequireView, usePermissions } from '../auth/permissions';
import { exchangeRatesQueryOptions, setExchangeRate } from './api';

const column = createColumnHelper<ExchangeRateRow>();
const rateText = (rate: string) => rate.replace('.', ',');

/** /dashboard/administration/taux-de-change: the rates orders are converted with (admin view; setting one: admin edit). */
export function ExchangeRatesPage() {
  useDocumentTitle('Taux de change');
  return (
    <RequireView category="admin">
      <ExchangeRates />
    </RequireView>
  );
}

function ExchangeRates() {
  const { can } = usePermissions();
  const list = useQuery(exchangeRatesQueryOptions);
  const columns = useMemo(
    () => [
      column.accessor('currency_code', {
        header: 'Devise',
        cell: (info) => <span className="font-semibold">{info.getValue()}</span>,
      }),
      column.accessor('rate', { header: 'Taux (FCFA pour 1)', cell: (info) => rateText(info.getValue()) }),
      column.accessor('rate_date', { header: 'Applicable dès le', cell: (info) => formatDate(info.getValue()) }),
      column.accessor('set_by_name', { header: 'Fixé par' }),
      column.accessor('created_at', {
        header: 'Enregistré le',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDateTime(info.getValue()),
      }),
    ],
    [],
  );
  return (
    <section aria-labelledby="rates-title" className="flex flex-col gap-3">
      <div>
        <h2 id="rates-title" className="text-xl font-semibold text-ink">
          Taux de change
        </h2>
        <p className="text-sm text-ink-muted">
          Les commandes passées dans une autre devise que celle des produits sont converties avec ces taux, enregistrés avec la
          commande. La parité de l’euro est fixe.
        </p>
      </div>
      <ul className="flex flex-wrap gap-1" aria-label="Taux en vigueur" data-testid="rates-in-force">
        {(list.data?.in_force ?? []).map((rate) => (
          <li key={rate.currency_code} className="rounded-md border border-line px-1.5 py-1 text-sm">
            <span className="font-semibold">1 {rate.currency_code}</span> = {rateText(rate.rate)} FCFA{' '}
            {rate.fixed ? (
              <Badge tone="info">parité fixe</Badge>
            ) : (
              <span className="text-xs text-ink-muted">
                depuis le {formatDate(rate.rate_date)}
                {rate.set_by_name ? ` · ${rate.set_by_name}` : ''}
              </span>
            )}
          </li>
        ))}
      </ul>
      {can('admin', 'edit') ? <RateForm /> : null}
      <DataTable
        label="Historique des taux de change"
        columns={columns}
        data={list.data?.history}
        getRowId={(row) => String(row.id)}
        {...listTableState(list, 'Erreur lors du chargement des taux de change.')}
        emptyMessage="Aucun taux n’a encore été fixé."
      />
    </section>
  );
}

function RateForm() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('USD');
  const [rate, setRate] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await setExchangeRate({ currency_code: code, rate, ...(date ? { rate_date: date } : {}) });
      notifySuccess('Taux de change enregistré !');
      setRate('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.exchangeRates });
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        setErrors({
          currency_code: error.fieldError('currency_code'),
          rate: error.fieldError('rate'),
          rate_date: error.fieldError('rate_date'),
        });
      } else {
        notifyError('Erreur', (isApiError(error) && error.serverMessage) || 'Erreur lors de l’enregistrement du taux.');
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid gap-1.5 rounded-md border border-line p-2 sm:grid-cols-4 sm:items-end"
      noValidate
    >
      <Field id="rate-code" label="Devise (code ISO)" error={errors.currency_code} required>
        <Input value={code} maxLength={CURRENCY_CODE_LENGTH} onChange={(e) => setCode(e.target.value.toUpperCase())} />
      </Field>
      <Field id="rate-value" label="FCFA pour 1 unité" error={errors.rate} required>
        <Input value={rate} inputMode="decimal" placeholder="605,5" onChange={(e) => setRate(e.target.value)} />
      </Field>
      <Field id="rate-date" label="Applicable dès le (vide : aujourd’hui)" error={errors.rate_date}>
        <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </Field>
      <Button type="submit" loading={saving}>
        Enregistrer le taux
      </Button>
    </form>
  );
}
