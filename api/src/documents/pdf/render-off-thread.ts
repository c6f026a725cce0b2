import { runInWorker } from '../../core/workers/pool.js';
import type { DocumentPdfModel } from './document-pdf.js';

/** A document takes tens of milliseconds (see docs/performance.md); past this, something is wrong. */
export const DOCUMENT_PDF_TIME_LIMIT_MS = 20_000;

// Built code runs document-pdf.js; the sources (tests, dev) run document-pdf.ts with Node's type stripping.
const MODULE = new URL(import.meta.url.endsWith('.ts') ? './document-pdf.ts' : './document-pdf.js', import.meta.url).href;

/**
 * `renderDocumentPdf` on the worker pool (core/workers/pool.ts), so laying out a long document never
 * holds the event loop serving the API, the dashboard and the site. Each document within
 * DOCUMENT_PDF_TIME_LIMIT_MS of its own layout (past it the worker is stopped and the call fails).
 */
export async function renderDocumentPdfOffThread(model: DocumentPdfModel): Promise<Buffer> {
  const pdf = await runInWorker<Uint8Array>(MODULE, 'renderDocumentPdf', [model], DOCUMENT_PDF_TIME_LIMIT_MS);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
