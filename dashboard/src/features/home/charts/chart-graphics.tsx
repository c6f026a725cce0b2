/**
 * The drawn charts of the home page (recharts). This module is only ever loaded lazily, by
 * home-charts.tsx, so the chart library is fetched on the home route only and never delays the rest
 * of the dashboard. Every chart here is decorative for assistive technology (`aria-hidden`, and
 * recharts' own keyboard layer off, so nothing hidden can take the focus): its figure carries a text
 * summary and a table of the same figures.
 */
import type { OrdersWeek, TopProduct, ValueWeek } from '@comptoir/api/contract';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ORDER_STATUSES, ORDER_STATUS_LABEL } from '../../orders/status';
import { formatAmount } from '../../products/money';
import { weekLabel } from './week-label';

// The design tokens (site/src/styles/tokens.css), as values: SVG attributes need colours, not classes.
const STATUS_COLOURS = { pending: '#c98a00', inprogress: '#2d66a8', shipped: '#1c7a43', canceled: '#b42318' } as const;
const SERIES = ['#ef6c1a', '#2d66a8', '#1c7a43', '#742c14'];
const AXIS = { fontSize: 12, fill: '#4a5868' };

export function OrdersWeeksChart({ weeks }: { weeks: OrdersWeek[] }) {
  const data = weeks.map((w) => ({ ...w, label: weekLabel(w.week) }));
  return (
    <div className="h-[260px]" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#dde3ea" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={AXIS} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {ORDER_STATUSES.map((status) => (
            <Bar
              key={status}
              dataKey={status}
              name={ORDER_STATUS_LABEL[status]}
              stackId="orders"
              fill={STATUS_COLOURS[status]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** One small line chart per currency: amounts in FCFA and in euros do not share a scale. */
export function ValueWeeksChart({ weeks, currency, index }: { weeks: ValueWeek[]; currency: string; index: number }) {
  const data = weeks.map((w) => ({ label: weekLabel(w.week), value: Number(w.totals[currency] ?? 0) }));
  return (
    <div className="h-[160px]" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#dde3ea" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" />
          <YAxis tick={AXIS} width={72} tickFormatter={(v: number) => compact(v)} />
          <Tooltip formatter={(v) => formatAmount(Number(v).toFixed(2))} />
          <Line
            type="monotone"
            dataKey="value"
            name={currency}
            stroke={SERIES[index % SERIES.length]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function TopProductsChart({ products }: { products: TopProduct[] }) {
  const data = products.map((p) => ({ name: p.name.length > 28 ? `${p.name.slice(0, 27)}…` : p.name, quantity: p.quantity }));
  return (
    <div style={{ height: 48 + products.length * 36 }} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
          <XAxis type="number" allowDecimals={false} tick={AXIS} />
          <YAxis type="category" dataKey="name" tick={AXIS} width={160} />
          <Tooltip />
          <Bar dataKey="quantity" name="Quantité demandée" fill={SERIES[0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function compact(value: number): string {
  return new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
