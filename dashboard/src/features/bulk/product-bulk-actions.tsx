import type { PublicProduct } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { FolderInput, Percent, Star, Tag } from 'lucide-react';
import { useState } from 'react';
import type { QueryValue } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { usePermissions } from '../auth/permissions';
import { categoryOptionsQueryOptions, currenciesQueryOptions } from '../categories/api';
import { brandOptionsQueryOptions } from '../products/api';
import { currencyLabel } from '../products/money';
import { BulkBar } from './bulk-bar';
import { BulkButton, ConfirmedBulkButtons, bulkDeletion, type ConfirmedBulkAction } from './bulk-buttons';
import { useBulkAction } from './use-bulk-action';
import type { RowSelection } from './use-row-selection';
import { ValueDialog } from './value-dialog';

const ROUNDINGS = [
  { value: '0.01', label: 'Au centime (euro, dollar)' },
  { value: '1', label: 'À l’unité' },
  { value: '5', label: 'À 5' },
  { value: '10', label: 'À 10' },
  { value: '50', label: 'À 50' },
  { value: '100', label: 'À 100' },
  { value: '500', label: 'À 500' },
  { value: '1000', label: 'À 1 000' },
];

type Dialog = 'category' | 'brand' | 'price' | null;

/** The products list's bulk toolbar: delete, category, brand, prices, « populaire ». */
export function ProductBulkActions({ rows, filter }: { rows: RowSelection<PublicProduct>; filter: Record<string, QueryValue> }) {
  const { can } = usePermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { send, confirmAndSend, what, selected } = useBulkAction({
    list: 'product',
    rows,
    filter,
    invalidate: [queryKeys.products.all, queryKeys.summary, queryKeys.publishingStatus],
    noun: { one: 'produit', many: 'produits' },
  });
  const canEdit = can('shop', 'edit');
  const spotlight: ConfirmedBulkAction[] = [
    {
      label: 'Populaires',
      icon: Star,
      send: { action: 'spotlight', in_spotlight: true },
      title: `Ajouter ${what} aux populaires ?`,
      message: 'Ils apparaîtront parmi les produits populaires du site.',
      confirmLabel: 'Ajouter',
    },
    {
      label: 'Retirer des populaires',
      send: { action: 'spotlight', in_spotlight: false },
      title: `Retirer ${what} des populaires ?`,
      message: 'Ils ne seront plus mis en avant sur le site.',
      confirmLabel: 'Retirer',
    },
  ];
  const deletion = bulkDeletion(
    what,
    'Comme une suppression unitaire : les commandes qui les contiennent gardent leurs lignes, les images et fiches techniques sont effacées. Une suppression ne s’annule pas.',
  );
  return (
    <>
      <BulkBar count={rows.count} label={selected} onClear={rows.clear}>
        {canEdit ? (
          <>
            <BulkButton label="Changer les prix" icon={Percent} onClick={() => setDialog('price')} />
            <BulkButton label="Catégorie" icon={FolderInput} onClick={() => setDialog('category')} />
            <BulkButton label="Marque" icon={Tag} onClick={() => setDialog('brand')} />
          </>
        ) : null}
        <ConfirmedBulkButtons
          confirmAndSend={confirmAndSend}
          actions={[...(canEdit ? spotlight : []), ...(can('shop', 'delete') ? [deletion] : [])]}
        />
      </BulkBar>
      {dialog === 'price' ? <PriceDialog what={what} onClose={() => setDialog(null)} send={send} /> : null}
      {dialog === 'category' || dialog === 'brand' ? (
        <ReferenceDialog kind={dialog} what={what} onClose={() => setDialog(null)} send={send} />
      ) : null}
    </>
  );
}

type Send = (action: Record<string, unknown>) => Promise<unknown>;

function ReferenceDialog({
  kind,
  what,
  onClose,
  send,
}: {
  kind: 'category' | 'brand';
  what: string;
  onClose: () => void;
  send: Send;
}) {
  const categories = useQuery({ ...categoryOptionsQueryOptions, enabled: kind === 'category' });
  const brands = useQuery({ ...brandOptionsQueryOptions, enabled: kind === 'brand' });
  const [value, setValue] = useState('');
  const options =
    kind === 'category'
      ? (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.designation }))
      : (brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));
  const field = kind === 'category' ? 'category_id' : 'brand_id';
  return (
    <ValueDialog
      title={kind === 'category' ? `Changer la catégorie de ${what}` : `Changer la marque de ${what}`}
      submitLabel="Appliquer"
      onClose={onClose}
      onSubmit={() => send({ action: kind, [field]: value ? Number(value) : undefined })}
    >
      <Field id="bulk-reference" label={kind === 'category' ? 'Nouvelle catégorie' : 'Nouvelle marque'} required>
        <Select value={value} onValueChange={setValue} options={options} placeholder="Choisir…" />
      </Field>
    </ValueDialog>
  );
}

function PriceDialog({ what, onClose, send }: { what: string; onClose: () => void; send: Send }) {
  const currencies = useQuery(currenciesQueryOptions);
  const [mode, setMode] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [rounding, setRounding] = useState('1');
  const [currency, setCurrency] = useState('');
  return (
    <ValueDialog
      title={`Changer les prix de ${what}`}
      submitLabel="Appliquer"
      onClose={onClose}
      onSubmit={() =>
        send({
          action: 'price',
          price_mode: mode,
          price_value: value,
          price_rounding: rounding,
          ...(mode === 'amount' ? { currency_id: currency ? Number(currency) : undefined } : {}),
        })
      }
    >
      <Field id="bulk-price-mode" label="Variation" required>
        <Select
          value={mode}
          onValueChange={(v) => setMode(v === 'amount' ? 'amount' : 'percent')}
          options={[
            { value: 'percent', label: 'En pourcentage' },
            { value: 'amount', label: 'D’un montant' },
          ]}
        />
      </Field>
      <Field
        id="bulk-price-value"
        label={mode === 'percent' ? 'Pourcentage (négatif pour baisser)' : 'Montant (négatif pour baisser)'}
        hint={
          mode === 'percent' ? 'Par exemple 10 pour +10 %, -5,5 pour −5,5 %.' : 'Les produits dans une autre devise sont refusés.'
        }
        required
      >
        <Input inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} autoComplete="off" />
      </Field>
      {mode === 'amount' ? (
        <Field id="bulk-price-currency" label="Devise du montant" required>
          <Select
            value={currency}
            onValueChange={setCurrency}
            options={(currencies.data ?? []).map((c) => ({ value: String(c.id), label: `${currencyLabel(c.name)} (${c.code})` }))}
            placeholder="Choisir…"
          />
        </Field>
      ) : null}
      <Field
        id="bulk-price-rounding"
        label="Arrondi du nouveau prix"
        hint="Jamais plus fin que l’unité de la devise (le FCFA reste entier)."
        required
      >
        <Select value={rounding} onValueChange={setRounding} options={ROUNDINGS} />
      </Field>
    </ValueDialog>
  );
}
