import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { MetricsRecorder } from '../common/metrics-recorder.js';
import { byOrder, repairOrderFigures, type OrderFigureDifference } from './order-figures-check.js';

/** Orders named one per line in the log at each check; the rest are counted in one more line. */
export const LOGGED_ORDERS = 20;

/** One line for the operator: the order and each of its figures, stored and expected. */
export const describeOrderDifferences = (orderId: number, differences: OrderFigureDifference[]) =>
  `order ${orderId}: ${differences.map((d) => `${d.column} stored ${d.stored ?? 'NULL'}, expected ${d.expected ?? 'NULL'}`).join('; ')}`;

/**
 * The hourly check of the order list's stored figures (housekeeping): repairs each order whose figures
 * disagree with their sources, logs one line per order (the first LOGGED_ORDERS), and gives the count
 * of differences to the metric `comptoir_order_figures_differences`.
 */
export async function watchOrderFigures(
  dataSource: DataSource,
  logger: Logger,
  metrics?: MetricsRecorder,
): Promise<OrderFigureDifference[]> {
  const started = Date.now();
  const differences = await repairOrderFigures(dataSource);
  metrics?.orderFiguresChecked(differences.length);
  const orders = byOrder(differences);
  for (const [orderId, ofOrder] of [...orders].slice(0, LOGGED_ORDERS))
    logger.warn(`Order figures repaired: ${describeOrderDifferences(orderId, ofOrder)}`);
  if (orders.size > LOGGED_ORDERS)
    logger.warn(
      `Order figures repaired: ${orders.size - LOGGED_ORDERS} more orders not listed (${differences.length} figures in all)`,
    );
  if (orders.size)
    logger.warn(
      `Order figures check: ${differences.length} stored figures of ${orders.size} orders disagreed with their sources and were rewritten; something wrote orders without recomputing them (a script, a manual SQL change, a restored backup)`,
    );
  else logger.debug(`Order figures check: no difference (${Date.now() - started} ms)`);
  return differences;
}
