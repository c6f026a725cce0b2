/**
 * The valuation report's chart: the stock's value at cost and at sale price over time, on the
 * dashboard's own SVG line chart. Decorative for assistive technology: the page shows the same figures
 * in its table.
 */
import type { ValuationPoint } from '@comptoir/api/contract';
import { LineChart } from '../../ui/charts/line-chart';
import { formatAmount } from '../products/money';

export function ValuationChart({ points }: { points: ValuationPoint[] }) {
  return (
    <LineChart
      height={280}
      labels={points.map((p) => p.date.slice(5).split('-').reverse().join('/'))}
      series={[
        { label: 'Au coût', colour: '#2d66a8', values: points.map((p) => Number(p.cost_value)) },
        { label: 'Au prix de vente', colour: '#ef6c1a', values: points.map((p) => Number(p.sale_value)) },
      ]}
      format={(v) => formatAmount(v.toFixed(2))}
    />
  );
}
