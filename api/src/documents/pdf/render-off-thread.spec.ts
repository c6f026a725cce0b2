import { afterAll, describe, expect, it } from '@jest/globals';
import { performance } from 'node:perf_hooks';
import { closeWorkerPool } from '../../core/workers/pool.js';
import { renderDocumentPdf } from './document-pdf.js';
import { renderDocumentPdfOffThread } from './render-off-thread.js';
import { sampleDocument } from './sample-models.js';

const LOGO = new URL('../../seed/data/demo-logo.png', import.meta.url).pathname;

/**
 * The longest the event loop was held (ms) while `work` ran: the largest gap between two ticks of a
 * 1 ms timer, what any other request would have waited.
 */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await work();
  clearInterval(timer);
  return Math.max(longest, performance.now() - last);
}

afterAll(() => closeWorkerPool());

describe('PDF documents on the worker pool', () => {
  it('lays out a 200-line devis without holding the event loop that serves the other requests', async () => {
    const model = sampleDocument('devis', 200, { logoPath: LOGO });
    // Both ways warmed up (fonts loaded, thread started), so that only the layout is compared.
    await renderDocumentPdf(sampleDocument('devis', 1, { logoPath: LOGO }));
    await renderDocumentPdfOffThread(sampleDocument('devis', 1, { logoPath: LOGO }));

    const inProcess = await longestStall(() => renderDocumentPdf(model));
    const offThread = await longestStall(() => renderDocumentPdfOffThread(model));
    // In this thread the layout holds the loop for its longest synchronous stretch; on the pool the
    // loop only receives the finished file.
    expect(offThread).toBeLessThan(inProcess / 2);
  });
});
