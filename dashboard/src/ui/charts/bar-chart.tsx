import { CategoryLabels, Legend, ValueGrid, type Plot } from './axes';
import { integerTicks } from './scale';
import { useWidth } from './use-width';

export interface BarSeries {
  key: string;
  label: string;
  colour: string;
}

const MARGIN = { top: 8, right: 8, bottom: 28, left: 36 };

/**
 * Vertical bars, one per category, stacked by series (orders per week by status). Counts: the value
 * axis has integer ticks. Each segment's `<title>` gives its figure on hover.
 */
export function StackedBarChart({
  labels,
  series,
  rows,
  height = 260,
}: {
  labels: string[];
  series: BarSeries[];
  rows: Record<string, number>[];
  height?: number;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const totals = rows.map((row) => series.reduce((sum, s) => sum + (row[s.key] ?? 0), 0));
  const ticks = integerTicks(Math.max(0, ...totals));
  const max = ticks[ticks.length - 1]!;
  const plot: Plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: Math.max(0, width - MARGIN.left - MARGIN.right),
    height: height - MARGIN.top - MARGIN.bottom,
  };
  const slot = labels.length ? plot.width / labels.length : 0;
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  return (
    <div ref={ref} aria-hidden="true">
      {width > 0 ? (
        <svg width={width} height={height} data-chart="stacked-bars">
          <ValueGrid plot={plot} ticks={ticks} max={max} format={String} />
          {rows.map((row, i) => {
            let base = plot.top + plot.height;
            return (
              <g key={i}>
                {series.map((s) => {
                  const value = row[s.key] ?? 0;
                  if (!value) return null;
                  const h = (value / max) * plot.height;
                  base -= h;
                  return (
                    <rect
                      key={s.key}
                      x={plot.left + i * slot + (slot - barWidth) / 2}
                      y={base}
                      width={barWidth}
                      height={h}
                      fill={s.colour}
                      data-series={s.key}
                    >
                      <title>{`${labels[i]} – ${s.label} : ${value}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
          <CategoryLabels plot={plot} labels={labels} centre={(i) => plot.left + i * slot + slot / 2} />
        </svg>
      ) : (
        <div style={{ height }} />
      )}
      <Legend items={series} />
    </div>
  );
}

/**
 * Horizontal bars, one per item, longest first as given (the most requested products). The item's
 * name sits on the left, cut with "…" when long; its figure at the end of the bar.
 */
export function HorizontalBarChart({
  items,
  colour,
  describe,
}: {
  items: { label: string; value: number }[];
  colour: string;
  describe: (item: { label: string; value: number }) => string;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const rowHeight = 36;
  const labelWidth = Math.min(180, Math.max(96, width * 0.35));
  const max = Math.max(1, ...items.map((item) => item.value));
  const barSpace = Math.max(0, width - labelWidth - 48);
  const height = items.length * rowHeight + 8;
  return (
    <div ref={ref} aria-hidden="true">
      {width > 0 ? (
        <svg width={width} height={height} data-chart="horizontal-bars">
          {items.map((item, i) => {
            const y = 4 + i * rowHeight;
            const length = (item.value / max) * barSpace;
            const label = item.label.length > 28 ? `${item.label.slice(0, 27)}…` : item.label;
            return (
              <g key={i}>
                <text x={labelWidth - 8} y={y + rowHeight / 2} dy="0.32em" textAnchor="end" fontSize={12} fill="#4a5868">
                  {label}
                </text>
                <rect x={labelWidth} y={y + 6} width={Math.max(1, length)} height={rowHeight - 12} rx={2} fill={colour}>
                  <title>{describe(item)}</title>
                </rect>
                <text x={labelWidth + length + 6} y={y + rowHeight / 2} dy="0.32em" fontSize={12} fill="#1f2a37">
                  {item.value}
                </text>
              </g>
            );
          })}
        </svg>
      ) : (
        <div style={{ height }} />
      )}
    </div>
  );
}
