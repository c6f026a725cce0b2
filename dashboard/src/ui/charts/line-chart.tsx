import { CategoryLabels, Legend, ValueGrid, type Plot } from './axes';
import { compactNumber, niceTicks } from './scale';
import { useWidth } from './use-width';

export interface LineSeries {
  label: string;
  colour: string;
  values: number[];
}

const MARGIN = { top: 8, right: 12, bottom: 28, left: 64 };

/**
 * Lines over categories (weeks, days) sharing one value axis, with compact French tick labels
 * ("1,2 M"). A point's `<title>` gives its exact figure (`format`) on hover.
 */
export function LineChart({
  labels,
  series,
  height = 160,
  format,
  legend = series.length > 1,
}: {
  labels: string[];
  series: LineSeries[];
  height?: number;
  format: (value: number) => string;
  legend?: boolean;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const ticks = niceTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const max = ticks[ticks.length - 1]!;
  const plot: Plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: Math.max(0, width - MARGIN.left - MARGIN.right),
    height: height - MARGIN.top - MARGIN.bottom,
  };
  const x = (i: number) => plot.left + (labels.length > 1 ? (i / (labels.length - 1)) * plot.width : plot.width / 2);
  const y = (value: number) => plot.top + plot.height - (value / max) * plot.height;
  return (
    <div ref={ref} aria-hidden="true">
      {width > 0 ? (
        <svg width={width} height={height} data-chart="lines">
          <ValueGrid plot={plot} ticks={ticks} max={max} format={compactNumber} />
          {series.map((s) => (
            <g key={s.label} data-series={s.label}>
              <polyline
                points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
                fill="none"
                stroke={s.colour}
                strokeWidth={2}
                strokeLinejoin="round"
              />
              {s.values.map((v, i) => (
                <circle key={i} cx={x(i)} cy={y(v)} r={3} fill={s.colour}>
                  <title>{`${labels[i]} – ${s.label} : ${format(v)}`}</title>
                </circle>
              ))}
            </g>
          ))}
          <CategoryLabels plot={plot} labels={labels} centre={x} />
        </svg>
      ) : (
        <div style={{ height }} />
      )}
      {legend ? <Legend items={series} /> : null}
    </div>
  );
}
