/**
 * The drawn charts of the home page, on the dashboard's own small SVG charts (ui/charts): a few KB
 * instead of a chart library, so the first screen stays within its JavaScript budget. Every chart is
 * decorative for assistive technology (`aria-hidden`): its figure carries a text summary and a table
 * of the same figures.
 */
import type { OrdersWeek, TopProduct, ValueWeek } from '@comptoir/api/contract';
import { HorizontalBarChart, StackedBarChart } from '../../../ui/charts/bar-chart';
import { LineChart } from '../../../ui/charts/line-chart';
import { ORDER_STATUSES, ORDER_STATUS_LABEL } from '../../orders/status';
import { currencyLabel, formatAmount } from '../../products/money';
import { weekLabel } from './week-label';

// The design tokens (site/src/styles/tokens.css), as values: SVG attributes need colours, not classes.
const STATUS_COLOURS = { pending: '#c98a00', inprogress: '#2d66a8', shipped: '#1c7a43', canceled: '#b42318' } as const;
const SERIES = ['#ef6c1a', '#2d66a8', '#1c7a43', '#742c14'];

export function OrdersWeeksChart({ weeks }: { weeks: OrdersWeek[] }) {
  return (
    <StackedBarChart
      labels={weeks.map((w) => weekLabel(w.week))}
      series={ORDER_STATUSES.map((status) => ({
        key: status,
        label: ORDER_STATUS_LABEL[status],
        colour: STATUS_COLOURS[status],
      }))}
      rows={weeks.map((w) => ({ pending: w.pending, inprogress: w.inprogress, shipped: w.shipped, canceled: w.canceled }))}
    />
  );
}

/** One small line chart per currency: amounts in FCFA and in euros do not share a scale. */
export function ValueWeeksChart({ weeks, currency, index }: { weeks: ValueWeek[]; currency: string; index: number }) {
  return (
    <LineChart
      labels={weeks.map((w) => weekLabel(w.week))}
      series={[
        {
          label: currencyLabel(currency),
          colour: SERIES[index % SERIES.length]!,
          values: weeks.map((w) => Number(w.totals[currency] ?? 0)),
        },
      ]}
      format={(v) => formatAmount(v.toFixed(2))}
    />
  );
}

export function TopProductsChart({ products }: { products: TopProduct[] }) {
  return (
    <HorizontalBarChart
      items={products.map((p) => ({ label: p.name, value: p.quantity }))}
      colour={SERIES[0]!}
      describe={(item) => `${item.label} : ${item.value} demandé${item.value > 1 ? 's' : ''}`}
    />
  );
}
