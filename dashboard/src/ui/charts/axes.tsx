import { visibleLabels } from './scale';

// The design tokens (site/src/styles/tokens.css), as values: SVG attributes need colours, not classes.
export const GRID_COLOUR = '#dde3ea';
export const AXIS_TEXT = { fontSize: 12, fill: '#4a5868' } as const;

export interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Horizontal grid lines with their value on the left (the value axis of vertical charts). */
export function ValueGrid({
  plot,
  ticks,
  max,
  format,
}: {
  plot: Plot;
  ticks: number[];
  max: number;
  format: (v: number) => string;
}) {
  return (
    <g>
      {ticks.map((tick) => {
        const y = plot.top + plot.height - (tick / max) * plot.height;
        return (
          <g key={tick}>
            <line
              x1={plot.left}
              x2={plot.left + plot.width}
              y1={y}
              y2={y}
              stroke={GRID_COLOUR}
              strokeDasharray={tick ? '3 3' : undefined}
            />
            <text x={plot.left - 6} y={y} dy="0.32em" textAnchor="end" {...AXIS_TEXT}>
              {format(tick)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The category labels under a vertical chart, thinned out when they would overlap. */
export function CategoryLabels({ plot, labels, centre }: { plot: Plot; labels: string[]; centre: (i: number) => number }) {
  const shown = visibleLabels(labels.length, plot.width, 56);
  return (
    <g>
      {labels.map((label, i) =>
        shown.has(i) ? (
          <text key={i} x={centre(i)} y={plot.top + plot.height + 18} textAnchor="middle" {...AXIS_TEXT}>
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** The series' names and colours, under the drawing. */
export function Legend({ items }: { items: { label: string; colour: string }[] }) {
  return (
    <ul className="mt-1 flex flex-wrap justify-center gap-x-2 gap-y-0.5 text-xs text-ink-muted">
      {items.map((item) => (
        <li key={item.label} className="inline-flex items-center gap-0.5">
          <span className="inline-block size-1.5 rounded-sm" style={{ background: item.colour }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
