import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { eachBySlices } from '../../common/background-slices.js';
import { ledgerDifferences, type LedgerDifference } from './ledger-check.js';

/**
 * The last ledger check of this process (housekeeping), read by the metric
 * `comptoir_stock_ledger_differences`: -1 until the first check.
 */
export const ledgerCheckState = { differences: -1, checkedAt: null as Date | null, durationMs: 0 };

export const describeDifference = (d: LedgerDifference) =>
  `product ${d.product_id}: stock ${d.stock} held ${d.held}, ledger says available ${d.ledger_available} held ${d.ledger_held}`;

/** Runs the ledger check, logs each product whose columns and movements disagree, and keeps the count for the metric. */
export async function watchLedger(dataSource: DataSource, logger: Logger): Promise<LedgerDifference[]> {
  const started = Date.now();
  const differences = await ledgerDifferences(dataSource);
  Object.assign(ledgerCheckState, { differences: differences.length, checkedAt: new Date(), durationMs: Date.now() - started });
  // A ledger gone wrong everywhere is as many lines as products: written by slices too.
  await eachBySlices(differences, (difference) => logger.error(`Stock ledger difference: ${describeDifference(difference)}`));
  if (!differences.length) logger.debug(`Stock ledger check: no difference (${ledgerCheckState.durationMs} ms)`);
  return differences;
}
