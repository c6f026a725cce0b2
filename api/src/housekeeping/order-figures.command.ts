import { loadConfig } from '../core/config/config.js';
import { buildDataSourceOptions } from '../core/database/data-source-options.js';
import { initializeDataSource } from '../core/database/initialize-data-source.js';
import { byOrder, orderFigureDifferences, repairOrderFigures } from './order-figures-check.js';
import { describeOrderDifferences } from './order-figures-watch.js';

/**
 * `cli.js order-figures-check [--repair]`: prints each order whose stored list figures disagree with
 * their sources, one line per order, and answers the exit code (1 when any). Reads only, so it runs
 * beside a live server; `--repair` rewrites them at once (as the hourly housekeeping would), e.g.
 * right after restoring a backup.
 */
export async function orderFiguresCommand(args: readonly string[]): Promise<number> {
  const repair = args.includes('--repair');
  const dataSource = await initializeDataSource(buildDataSourceOptions(loadConfig(), { logging: false }));
  try {
    const started = Date.now();
    const differences = repair ? await repairOrderFigures(dataSource) : await orderFigureDifferences(dataSource);
    const orders = byOrder(differences);
    for (const [orderId, ofOrder] of orders) console.log(describeOrderDifferences(orderId, ofOrder));
    console.log(
      differences.length
        ? `${differences.length} figure(s) of ${orders.size} order(s) disagree with their sources${repair ? ', now rewritten' : ''} (${Date.now() - started} ms).`
        : `Order figures: no difference (${Date.now() - started} ms).`,
    );
    return differences.length ? 1 : 0;
  } finally {
    await dataSource.destroy();
  }
}
