import { loadConfig } from '../../core/config/config.js';
import { buildDataSourceOptions } from '../../core/database/data-source-options.js';
import { initializeDataSource } from '../../core/database/initialize-data-source.js';
import { ledgerDifferences } from './ledger-check.js';
import { describeDifference } from './ledger-watch.js';

/**
 * `cli.js ledger-check`: prints every product whose stock columns disagree with its movements and
 * answers the exit code (1 when any). Reads only, so it runs beside a live server.
 */
export async function ledgerCheckCommand(): Promise<number> {
  const dataSource = await initializeDataSource(buildDataSourceOptions(loadConfig(), { logging: false }));
  try {
    const started = Date.now();
    const differences = await ledgerDifferences(dataSource);
    for (const difference of differences) console.log(describeDifference(difference));
    console.log(
      differences.length
        ? `${differences.length} product(s) disagree with the stock ledger (${Date.now() - started} ms).`
        : `Stock ledger: no difference (${Date.now() - started} ms).`,
    );
    return differences.length ? 1 : 0;
  } finally {
    await dataSource.destroy();
  }
}
