import { SPEC_NAME_MAX, SPEC_VALUE_MAX } from '@comptoir/api/text-limits';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../ui/button';
import { FieldError } from '../../ui/field';
import { Input } from '../../ui/input';
import { emptySpecRow, moveRow, type SpecRow } from './spec-rows';

const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * « Caractéristiques »: attribute / value rows, added, removed and moved with buttons (keyboard and
 * screen-reader friendly: each button names its row, focus follows the moved or added row).
 */
export function ProductSpecsEditor({
  rows,
  onChange,
  error,
  disabled,
}: {
  rows: SpecRow[];
  onChange: (rows: SpecRow[]) => void;
  error?: string | null;
  disabled: boolean;
}) {
  const set = (index: number, field: 'name' | 'value', text: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: text } : row)));
  const move = (index: number, by: -1 | 1) => {
    onChange(moveRow(rows, index, by));
    const to = index + by;
    focusSoon(
      to === 0 || to === rows.length - 1 ? `spec-${rows[index]!.key}-name` : `spec-${rows[index]!.key}-${by < 0 ? 'up' : 'down'}`,
    );
  };
  const remove = (index: number) => {
    onChange(rows.filter((_, i) => i !== index));
    focusSoon(
      rows[index + 1] ? `spec-${rows[index + 1]!.key}-name` : rows[index - 1] ? `spec-${rows[index - 1]!.key}-name` : 'spec-add',
    );
  };
  const add = () => {
    const row = emptySpecRow();
    onChange([...rows, row]);
    focusSoon(`spec-${row.key}-name`);
  };

  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? 'product-specs-error' : undefined}>
      <legend className="text-sm font-medium text-ink">Caractéristiques</legend>
      <p className="text-xs text-ink-subtle">Le tableau affiché sur la fiche produit du site, dans cet ordre.</p>
      {rows.length ? (
        <ol className="flex flex-col gap-1" aria-label="Lignes des caractéristiques">
          {rows.map((row, index) => (
            <li key={row.key} className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
              <Input
                id={`spec-${row.key}-name`}
                aria-label={`Caractéristique ${index + 1}`}
                placeholder="Puissance"
                maxLength={SPEC_NAME_MAX}
                value={row.name}
                disabled={disabled}
                onChange={(e) => set(index, 'name', e.target.value)}
              />
              <Input
                aria-label={`Valeur ${index + 1}`}
                placeholder="20 kVA"
                maxLength={SPEC_VALUE_MAX}
                value={row.value}
                disabled={disabled}
                onChange={(e) => set(index, 'value', e.target.value)}
              />
              <Button
                id={`spec-${row.key}-up`}
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Monter la ligne ${index + 1}`}
                disabled={disabled || index === 0}
                onClick={() => move(index, -1)}
                icon={<ArrowUp className="size-2" aria-hidden="true" />}
              />
              <Button
                id={`spec-${row.key}-down`}
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Descendre la ligne ${index + 1}`}
                disabled={disabled || index === rows.length - 1}
                onClick={() => move(index, 1)}
                icon={<ArrowDown className="size-2" aria-hidden="true" />}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Retirer la ligne ${index + 1}`}
                disabled={disabled}
                onClick={() => remove(index)}
                icon={<Trash2 className="size-2" aria-hidden="true" />}
              />
            </li>
          ))}
        </ol>
      ) : null}
      {error ? <FieldError id="product-specs-error">{error}</FieldError> : null}
      <div>
        <Button
          id="spec-add"
          type="button"
          variant="secondary"
          size="sm"
          disabled={disabled}
          onClick={add}
          icon={<Plus className="size-2" aria-hidden="true" />}
        >
          Ajouter une caractéristique
        </Button>
      </div>
    </fieldset>
  );
}
