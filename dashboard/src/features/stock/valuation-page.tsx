import type { ValuationFigures } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { RequireView } from '../auth/permissions';
import { currencyLabel, formatMoney } from '../products/money';
import { valuationExportUrl, valuationHistoryQueryOptions, valuationQueryOptions } from './insights-api';

const ValuationChart = lazy(() => import('./valuation-chart').then((m) => ({ default: m.ValuationChart })));

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const PERIODS = [30, 90, 365] as const;

/** /dashboard/stock/valorisation: what the stock is worth, at cost and at sale price. */
export function ValuationPage() {
  useDocumentTitle('Valorisation du stock');
  return (
    <RequireView category="stock">
      <Valuation />
    </RequireView>
  );
}

function Figures({ figures, symbol }: { figures: ValuationFigures; symbol: string }) {
  return (
    <>
      <td className="px-1 py-0.5 text-right tabular-nums">{figures.on_hand}</td>
      <td className="px-1 py-0.5 text-right tabular-nums">{figures.quantity_without_cost}</td>
      <td className="px-1 py-0.5 text-right tabular-nums whitespace-nowrap">{formatMoney(figures.cost_value, symbol)}</td>
      <td className="px-1 py-0.5 text-right tabular-nums whitespace-nowrap">{formatMoney(figures.sale_value, symbol)}</td>
    </>
  );
}

function Valuation() {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(90);
  const to = isoDay(new Date());
  const from = isoDay(new Date(Date.now() - (days - 1) * 24 * 60 * 60_000));
  const valuation = useQuery(valuationQueryOptions);
  const history = useQuery(valuationHistoryQueryOptions(from, to));
  return (
    <section>
      <PageHeader
        title="Valorisation du stock"
        breadcrumb={['Gestion de stock', 'Valorisation']}
        actions={
          <div className="flex gap-0.5">
            <a className={buttonClasses('secondary')} href={valuationExportUrl('csv')} download>
              Exporter en CSV
            </a>
            <a className={buttonClasses('secondary')} href={valuationExportUrl('xlsx')} download>
              Exporter en Excel
            </a>
          </div>
        }
      />
      <p className="mb-1 text-sm text-ink-muted">
        Au coût : les unités restantes de chaque lot au prix unitaire de son entrée de stock ; les unités sans lot (stock
        d’ouverture) n’ont pas de coût connu et sont comptées à part. Au prix de vente : les unités en stock (disponibles et
        réservées) au prix du produit.
      </p>
      {valuation.isPending ? (
        <Spinner label="Chargement de la valorisation…" />
      ) : valuation.isError ? (
        <p role="alert">Erreur lors du chargement de la valorisation.</p>
      ) : valuation.data.currencies.length === 0 ? (
        <p>Aucun produit en stock.</p>
      ) : (
        valuation.data.currencies.map((currency) => (
          <Card
            key={currency.currency.id}
            title={`Valeur du stock en ${currencyLabel(currency.currency.name)} (${currency.currency.code})`}
            className="mb-1.5 p-1"
          >
            <table className="w-full text-sm">
              <caption className="sr-only">Valeur du stock en {currencyLabel(currency.currency.name)}, par catégorie</caption>
              <thead>
                <tr className="text-left text-ink-muted">
                  <th className="px-1 py-0.5">Catégorie</th>
                  <th className="px-1 py-0.5 text-right">Quantité en stock</th>
                  <th className="px-1 py-0.5 text-right">Sans coût connu</th>
                  <th className="px-1 py-0.5 text-right">Valeur au coût</th>
                  <th className="px-1 py-0.5 text-right">Valeur à la vente</th>
                </tr>
              </thead>
              <tbody>
                {currency.categories.map((row) => (
                  <tr key={row.category.id} className="border-t border-line">
                    <th scope="row" className="px-1 py-0.5 text-left font-normal">
                      {row.category.designation}
                    </th>
                    <Figures figures={row} symbol={currency.currency.symbol} />
                  </tr>
                ))}
                <tr className="border-t-2 border-line font-semibold">
                  <th scope="row" className="px-1 py-0.5 text-left">
                    Total
                  </th>
                  <Figures figures={currency} symbol={currency.currency.symbol} />
                </tr>
              </tbody>
            </table>
          </Card>
        ))
      )}
      <Card title="Évolution de la valeur" className="p-1">
        <div role="group" aria-label="Période" className="mb-1 flex gap-0.5">
          {PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={days === period}
              className={buttonClasses(days === period ? 'primary' : 'ghost', 'sm')}
              onClick={() => setDays(period)}
            >
              {period} jours
            </button>
          ))}
        </div>
        {history.isPending ? (
          <Spinner label="Chargement de l’historique…" />
        ) : history.isError ? (
          <p role="alert">Erreur lors du chargement de l’historique.</p>
        ) : (
          history.data.currencies.map((series) => {
            const last = series.points.at(-1);
            return (
              <figure key={series.currency.id} className="mb-1">
                <figcaption className="text-sm font-medium">
                  {currencyLabel(series.currency.name)} :{' '}
                  {last
                    ? `${formatMoney(last.cost_value, series.currency.symbol)} au coût, ${formatMoney(last.sale_value, series.currency.symbol)} à la vente le ${last.date.split('-').reverse().join('/')}`
                    : '—'}
                </figcaption>
                <Suspense fallback={<Spinner label="Chargement du graphique…" />}>
                  <ValuationChart points={series.points} />
                </Suspense>
              </figure>
            );
          })
        )}
      </Card>
    </section>
  );
}
