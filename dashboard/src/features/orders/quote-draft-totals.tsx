import type { QuotePreview } from './quote-draft-state';
import { money } from './quote-draft-values';

/** The draft's totals per currency as they would be saved (HT, TVA, TTC); the server recomputes them. */
export function QuoteDraftTotals({ preview }: { preview: QuotePreview }) {
  return (
    <dl className="ml-auto grid grid-cols-2 gap-x-2 text-sm" data-testid="quote-preview">
      {preview.currencies.map((c) => (
        <div key={c.currency} className="contents">
          <dt>Total HT</dt>
          <dd className="text-right tabular-nums">{money(c.ht, c.currency)}</dd>
          <dt>TVA</dt>
          <dd className="text-right tabular-nums">{money(c.tax, c.currency)}</dd>
          <dt className="font-semibold">Total TTC (aperçu)</dt>
          <dd className="text-right font-semibold tabular-nums">{money(c.ttc, c.currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
