import type { DashboardCharts } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import { ORDER_STATUSES, ORDER_STATUS_LABEL } from '../../orders/status';
import { currencyLabel, formatMoney } from '../../products/money';
import { summaryQueryOptions } from '../api';
import { OrdersWeeksChart, TopProductsChart, ValueWeeksChart } from './chart-graphics';
import { weekText } from './week-label';

const linkClass = 'text-sm font-medium text-brand-700 underline-offset-2 hover:underline';
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * A chart panel: title, a one-sentence summary (the chart's text equivalent, read first), the drawing
 * (hidden from assistive technology), the figures as a table, and a link to the list it summarises.
 */
function ChartPanel({
  id,
  title,
  summary,
  link,
  chart,
  table,
}: {
  id: string;
  title: string;
  summary: ReactNode;
  link: ReactNode;
  chart?: ReactNode;
  table: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-line bg-surface shadow-card"
      data-testid={`chart-${id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-1 border-b border-line px-2 py-1.5">
        <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
          {title}
        </h2>
        {link}
      </div>
      <figure className="flex flex-col gap-1.5 px-2 py-2">
        <figcaption className="text-sm text-ink-muted" data-testid={`chart-${id}-summary`}>
          {summary}
        </figcaption>
        {chart ?? null}
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-ink-muted">Afficher les données en tableau</summary>
          <div className="mt-1 overflow-x-auto">{table}</div>
        </details>
      </figure>
    </section>
  );
}

function DataTableLite({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th
              key={h}
              scope="col"
              className={`border-b border-line px-1 py-0.5 font-semibold text-ink ${i ? 'text-right' : 'text-left'}`}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, r) => (
          <tr key={r}>
            {cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="border-b border-line px-1 py-0.5 text-left font-normal text-ink">
                  {cell}
                </th>
              ) : (
                <td key={i} className="border-b border-line px-1 py-0.5 text-right tabular-nums text-ink">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OrdersPanel({ charts }: { charts: DashboardCharts }) {
  const weeks = charts.orders_per_week!;
  const total = weeks.reduce((n, w) => n + w.total, 0);
  const current = weeks[weeks.length - 1]!;
  return (
    <ChartPanel
      id="orders-weeks"
      title="Demandes de commande par semaine"
      summary={`${plural(total, 'demande', 'demandes')} sur les 12 dernières semaines ; cette semaine : ${current.total} (${current.pending} en attente, ${current.inprogress} en cours, ${current.shipped} expédiées, ${current.canceled} annulées).`}
      link={
        <span className="flex flex-wrap gap-1">
          {ORDER_STATUSES.map((status) => (
            <Link key={status} to="/commandes" search={{ status }} className={linkClass}>
              {ORDER_STATUS_LABEL[status]}
            </Link>
          ))}
          <Link to="/commandes" className={linkClass}>
            Toutes les commandes
          </Link>
        </span>
      }
      chart={<OrdersWeeksChart weeks={weeks} />}
      table={
        <DataTableLite
          caption="Demandes de commande par semaine et par statut"
          head={['Semaine', ...ORDER_STATUSES.map((s) => ORDER_STATUS_LABEL[s]), 'Total']}
          rows={weeks.map((w) => [weekText(w.week), ...ORDER_STATUSES.map((s) => w[s]), w.total])}
        />
      }
    />
  );
}

function ValuePanel({ charts }: { charts: DashboardCharts }) {
  const weeks = charts.value_per_week!;
  const currencies = charts.currencies!;
  const totals = currencies.map((currency) => {
    const cents = weeks.reduce((sum, w) => sum + BigInt(Math.round(Number(w.totals[currency] ?? 0) * 100)), 0n);
    return `${formatMoney(`${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`, currencyLabel(currency))}`;
  });
  return (
    <ChartPanel
      id="value-weeks"
      title="Valeur demandée par semaine"
      summary={
        currencies.length
          ? `Sur les 12 dernières semaines (hors commandes annulées) : ${totals.join(' ; ')}.`
          : 'Aucune demande sur les 12 dernières semaines.'
      }
      link={
        <Link to="/commandes" className={linkClass}>
          Voir les commandes
        </Link>
      }
      chart={
        currencies.length ? (
          <div className="grid gap-1 md:grid-cols-2">
            {currencies.map((currency, index) => (
              <div key={currency}>
                <p className="text-xs font-semibold text-ink-muted">{currencyLabel(currency)}</p>
                <ValueWeeksChart weeks={weeks} currency={currency} index={index} />
              </div>
            ))}
          </div>
        ) : undefined
      }
      table={
        <DataTableLite
          caption="Valeur demandée par semaine et par devise"
          head={['Semaine', ...currencies.map(currencyLabel)]}
          rows={weeks.map((w) => [weekText(w.week), ...currencies.map((c) => formatMoney(w.totals[c] ?? '0.00'))])}
        />
      }
    />
  );
}

function StockPanel({ charts }: { charts: DashboardCharts }) {
  const stock = charts.stock!;
  return (
    <ChartPanel
      id="low-stock"
      title="Stock bas et ruptures"
      summary={
        stock.low_count
          ? `${plural(stock.low_count, 'produit', 'produits')} à ou sous leur seuil de stock bas (seuil par défaut : ${stock.default_threshold}), dont ${plural(stock.out_count, 'en rupture', 'en rupture')}.`
          : `Aucun produit sous son seuil de stock bas (seuil par défaut : ${stock.default_threshold}).`
      }
      link={
        <span className="inline-flex flex-wrap gap-1">
          <Link to="/produits" search={{ stock: 'low' }} className={linkClass}>
            Voir les produits en stock bas
          </Link>
          <Link to="/produits" search={{ stock: 'out' }} className={linkClass}>
            Voir les ruptures
          </Link>
        </span>
      }
      table={
        <DataTableLite
          caption="Produits à ou sous leur seuil de stock bas"
          head={['Produit', 'Référence', 'Stock', 'Seuil']}
          rows={stock.low.map((p) => [
            <Link key={p.id} to="/produit/$id" params={{ id: String(p.id) }} className={linkClass}>
              {p.name}
            </Link>,
            p.reference,
            p.stock === 0 ? 'Rupture' : p.stock,
            p.threshold,
          ])}
        />
      }
    />
  );
}

function ExpiringPanel({ charts }: { charts: DashboardCharts }) {
  const expiring = charts.expiring!;
  return (
    <ChartPanel
      id="expiring"
      title="Lots qui expirent sous 30 jours"
      summary={`${plural(expiring.count, 'lot expire', 'lots expirent')} dans les 30 jours ; ${plural(expiring.expired_count, 'lot déjà périmé', 'lots déjà périmés')} encore en stock.`}
      link={
        <span className="inline-flex flex-wrap gap-1">
          <Link to="/produits" search={{ stock: 'expiring' }} className={linkClass}>
            Produits dont un lot expire sous 30 jours
          </Link>
          <Link to="/produits" search={{ stock: 'expired' }} className={linkClass}>
            Produits avec des lots périmés
          </Link>
          <Link to="/stock/entrees" className={linkClass}>
            Voir les entrées de stock
          </Link>
        </span>
      }
      table={
        <DataTableLite
          caption="Lots qui expirent dans les 30 jours, avec leur entrée de stock"
          head={['Entrée', 'Quantité restante', 'Expire le']}
          rows={expiring.entries.map((e) => [e.name, e.quantity, formatDate(e.expiry_date)])}
        />
      }
    />
  );
}

function TopProductsPanel({ charts }: { charts: DashboardCharts }) {
  const top = charts.top_products!;
  const first = top[0];
  return (
    <ChartPanel
      id="top-products"
      title="Produits les plus demandés (90 jours)"
      summary={
        first
          ? `Le plus demandé : ${first.name} (${plural(first.quantity, 'unité', 'unités')}, ${plural(first.orders, 'commande', 'commandes')}).`
          : 'Aucune demande sur les 90 derniers jours.'
      }
      link={
        <Link to="/commandes" className={linkClass}>
          Voir les commandes
        </Link>
      }
      chart={top.length ? <TopProductsChart products={top} /> : undefined}
      table={
        <DataTableLite
          caption="Les cinq produits les plus demandés sur 90 jours"
          head={['Produit', 'Quantité', 'Commandes']}
          rows={top.map((p) => [
            p.product_id ? (
              <Link key={p.product_id} to="/produit/$id" params={{ id: String(p.product_id) }} className={linkClass}>
                {p.name}
              </Link>
            ) : (
              p.name
            ),
            p.quantity,
            p.orders,
          ])}
        />
      }
    />
  );
}

/** The home page's charts, from the same summary call as the cards; each only with its view right. */
export function HomeCharts() {
  const query = useQuery({ ...summaryQueryOptions, select: (answer) => answer.charts });
  const charts = query.data;
  if (!charts) return null; // loading and errors are shown by the cards, which read the same call
  const panels = [
    charts.orders_per_week ? <OrdersPanel key="orders" charts={charts} /> : null,
    charts.value_per_week ? <ValuePanel key="value" charts={charts} /> : null,
    charts.top_products ? <TopProductsPanel key="top" charts={charts} /> : null,
    charts.stock ? <StockPanel key="stock" charts={charts} /> : null,
    charts.expiring ? <ExpiringPanel key="expiring" charts={charts} /> : null,
  ].filter(Boolean);
  if (!panels.length) return null;
  return <div className="grid gap-3 xl:grid-cols-2">{panels}</div>;
}
