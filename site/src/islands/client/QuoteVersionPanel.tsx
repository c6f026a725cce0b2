import { dateFr, dateTimeFr, money, percent } from './client-token';
import { PdfButton } from './PdfButton';
import { isShownAmount, versionPdfLabel } from './quote-answer';
import type { OrderView } from './use-client-order';

type Version = NonNullable<OrderView['current']>;

/**
 * The current quote version: its PDF, its lines, its totals per currency, the amount in words, the
 * payment terms and how it was answered.
 */
export function QuoteVersionPanel({ token, orderId, current }: { token: string; orderId?: number; current: Version }) {
  return (
    <section className="rounded-2xl bg-white p-3 shadow-raised md:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-bold text-brand-900">
          Version {current.number}
          {current.valid_until ? (
            <span className="ml-1 text-base font-normal text-ink-muted">— valable jusqu’au {dateFr(current.valid_until)}</span>
          ) : null}
        </h2>
        <PdfButton token={token} orderId={orderId} versionId={current.id} label={versionPdfLabel(current.state)} />
      </div>
      {current.message && <p className="mt-2 whitespace-pre-line rounded-md bg-brand-50 p-2">{current.message}</p>}
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b text-ink-muted">
              <th className="py-1 pr-2">Désignation</th>
              <th className="py-1 pr-2 text-right">Qté</th>
              <th className="py-1 pr-2 text-right">Prix unitaire HT</th>
              <th className="py-1 pr-2 text-right">Remise</th>
              <th className="py-1 pr-2 text-right">TVA</th>
              <th className="py-1 text-right">Total HT</th>
            </tr>
          </thead>
          <tbody>
            {current.lines.map((line) => (
              <tr key={line.id} className="border-b last:border-0">
                <td className="py-1 pr-2">
                  {line.product_name}
                  {line.product_reference ? <span className="block text-xs text-ink-muted">{line.product_reference}</span> : null}
                </td>
                <td className="py-1 pr-2 text-right">{line.quantity}</td>
                <td className="py-1 pr-2 text-right whitespace-nowrap">{money(line.unit_price, line.currency_code)}</td>
                <td className="py-1 pr-2 text-right">{line.discount_bp ? percent(line.discount_bp) : '—'}</td>
                <td className="py-1 pr-2 text-right">{percent(line.tax_rate_bp)}</td>
                <td className="py-1 text-right whitespace-nowrap">{money(line.total_ht, line.currency_code)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {current.totals.map((total) => (
        <dl
          key={total.currency_code}
          className="mt-2 ml-auto grid max-w-sm grid-cols-2 gap-x-2 text-sm"
          data-totals={total.currency_code}
        >
          {isShownAmount(total.discount) ? (
            <>
              <dt>Remise globale ({percent(current.discount_bp)})</dt>
              <dd className="text-right">− {money(total.discount, total.currency_code)}</dd>
            </>
          ) : null}
          {isShownAmount(total.delivery) ? (
            <>
              <dt>Livraison HT</dt>
              <dd className="text-right">{money(total.delivery, total.currency_code)}</dd>
            </>
          ) : null}
          <dt>Total HT</dt>
          <dd className="text-right">{money(total.ht, total.currency_code)}</dd>
          {total.taxes.map((tax) => (
            <div key={tax.rate_bp} className="contents">
              <dt>{tax.rate_bp ? `TVA ${percent(tax.rate_bp)}` : 'Exonéré de TVA'}</dt>
              <dd className="text-right">{money(tax.tax, total.currency_code)}</dd>
            </div>
          ))}
          <dt className="font-bold">Total TTC</dt>
          <dd className="text-right font-bold" data-ttc>
            {money(total.ttc, total.currency_code)}
          </dd>
        </dl>
      ))}
      <p className="mt-2 text-sm italic" data-in-words>
        {current.in_words}
      </p>
      {current.payment_terms && <p className="mt-1 text-sm">Conditions de paiement : {current.payment_terms}</p>}
      {current.accepted_by && (
        <p className="mt-2 rounded-md bg-success-soft p-1.5 text-success">
          « Bon pour accord » donné par {current.accepted_by.name} le {dateTimeFr(current.accepted_by.accepted_at)}.
        </p>
      )}
      {current.decline_reason && (
        <p className="mt-2 rounded-md bg-danger-soft p-1.5 text-danger">Devis refusé : {current.decline_reason}</p>
      )}
    </section>
  );
}
