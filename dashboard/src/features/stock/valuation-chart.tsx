/**
 * The valuation report's chart (recharts), only ever loaded lazily by valuation-page.tsx so the chart
 * library is fetched on that screen only. Decorative for assistive technology: the page shows the
 * same figures in its table.
 */
import type { ValuationPoint } from '@comptoir/api/contract';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatAmount } from '../products/money';

const AXIS = { fontSize: 12, fill: '#4a5868' };
const compact = (v: number) => new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

export function ValuationChart({ points }: { points: ValuationPoint[] }) {
  const data = points.map((p) => ({
    label: p.date.slice(5).split('-').reverse().join('/'),
    cost: Number(p.cost_value),
    sale: Number(p.sale_value),
  }));
  return (
    <div className="h-[280px]" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#dde3ea" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" />
          <YAxis tick={AXIS} width={72} tickFormatter={(v: number) => compact(v)} />
          <Tooltip formatter={(v) => formatAmount(Number(v).toFixed(2))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            type="monotone"
            dataKey="cost"
            name="Au coût"
            stroke="#2d66a8"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="sale"
            name="Au prix de vente"
            stroke="#ef6c1a"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
