/**
 * The arithmetic of the dashboard's charts: round axis ticks and a compact French number for their
 * labels. Pure functions, so the drawing components stay declarative.
 */

/** Ticks from 0 to at least `max`, on a 1-2-5 step, about `count` of them ("0, 5, 10, 15"). */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let value = 0; value < max + step / 2; value += step) ticks.push(Number(value.toPrecision(12)));
  if (ticks[ticks.length - 1]! < max) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

/** Integer ticks only (counts of orders or units): never "2,5 commandes". */
export function integerTicks(max: number, count = 4): number[] {
  const ticks = niceTicks(Math.max(1, max), count);
  const step = Math.max(1, Math.ceil(ticks[1]! - ticks[0]!));
  const top = Math.ceil(Math.max(1, max) / step) * step;
  const result: number[] = [];
  for (let value = 0; value <= top; value += step) result.push(value);
  return result;
}

const compactFormat = new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 });

/** "1,2 k", "3,5 M": axis labels that fit. */
export const compactNumber = (value: number): string => compactFormat.format(value);

/**
 * The categories whose label an axis prints: all when they fit in `width`, else every n-th from the
 * first, and the last one (dropping the n-th before it when the two would touch).
 */
export function visibleLabels(count: number, width: number, labelWidth: number): Set<number> {
  const fit = Math.max(2, Math.floor(width / labelWidth));
  if (count <= fit) return new Set(Array.from({ length: count }, (_, i) => i));
  const every = Math.ceil((count - 1) / (fit - 1));
  const shown = new Set<number>();
  for (let i = 0; i < count; i += every) shown.add(i);
  const lastRegular = Math.floor((count - 1) / every) * every;
  if (lastRegular !== count - 1 && count - 1 - lastRegular < every / 2) shown.delete(lastRegular);
  shown.add(count - 1);
  return shown;
}
