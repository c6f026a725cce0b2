import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../ui/button';
import { linePriceLabels } from './price-labels';
import { bpOf, percentOf, type DraftLine } from './quote-draft-values';

/** The first message the server gave for `field`, under its input. */
export function FieldError({ errors, field }: { errors: Record<string, string[]>; field: string }) {
  return errors[field]?.[0] ? <p className="text-xs text-danger">{errors[field]![0]}</p> : null;
}

/** The draft's lines as an editable table (designation, quantity, unit price, discount), and « Ajouter une ligne ». */
export function QuoteDraftLines({
  lines,
  pricesIncludeTax,
  errors,
  onChange,
  onRemove,
  onAdd,
}: {
  lines: DraftLine[];
  pricesIncludeTax: boolean;
  errors: Record<string, string[]>;
  onChange: (key: number, patch: Partial<DraftLine>) => void;
  onRemove: (key: number) => void;
  onAdd: () => void;
}) {
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-ink-muted">
            <tr>
              <th className="px-0.5">Désignation</th>
              <th className="px-0.5">Qté</th>
              <th className="px-0.5">{linePriceLabels(pricesIncludeTax).unitPrice}</th>
              <th className="px-0.5">Remise %</th>
              <th className="px-0.5" />
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={line.key} className="border-t border-line align-top">
                <td className="px-0.5 py-0.5">
                  <input
                    aria-label={`Désignation de la ligne ${index + 1}`}
                    className="w-full rounded border border-line px-0.5"
                    value={line.product_name ?? ''}
                    onChange={(e) => onChange(line.key, { product_name: e.target.value })}
                  />
                  <FieldError errors={errors} field={`lines.${index}.product_name`} />
                </td>
                <td className="px-0.5 py-0.5">
                  <input
                    aria-label={`Quantité de la ligne ${index + 1}`}
                    className="w-7 rounded border border-line px-0.5 text-right"
                    inputMode="numeric"
                    value={String(line.quantity)}
                    onChange={(e) => onChange(line.key, { quantity: Number(e.target.value) || 0 })}
                  />
                  <FieldError errors={errors} field={`lines.${index}.quantity`} />
                </td>
                <td className="px-0.5 py-0.5">
                  <input
                    aria-label={`Prix unitaire de la ligne ${index + 1}`}
                    className="w-12 rounded border border-line px-0.5 text-right"
                    inputMode="decimal"
                    value={line.unit_price}
                    onChange={(e) => onChange(line.key, { unit_price: e.target.value })}
                  />{' '}
                  <span className="text-xs text-ink-muted">{line.currency_code}</span>
                  <FieldError errors={errors} field={`lines.${index}.unit_price`} />
                </td>
                <td className="px-0.5 py-0.5">
                  <input
                    aria-label={`Remise de la ligne ${index + 1} (%)`}
                    className="w-6 rounded border border-line px-0.5 text-right"
                    inputMode="decimal"
                    value={percentOf(line.discount_bp)}
                    onChange={(e) => onChange(line.key, { discount_bp: bpOf(e.target.value) || 0 })}
                  />
                  <FieldError errors={errors} field={`lines.${index}.discount_bp`} />
                </td>
                <td className="px-0.5 py-0.5">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Retirer la ligne ${index + 1}`}
                    onClick={() => onRemove(line.key)}
                    icon={<Trash2 className="size-2" aria-hidden="true" />}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldError errors={errors} field="lines" />
      <div>
        <Button variant="secondary" size="sm" icon={<Plus className="size-2" aria-hidden="true" />} onClick={onAdd}>
          Ajouter une ligne
        </Button>
      </div>
    </>
  );
}
