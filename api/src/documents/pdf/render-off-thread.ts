import { ResidentWorker } from '../../core/workers/resident-worker.js';
import type { DocumentPdfModel } from './document-pdf.js';

/** A document takes tens of milliseconds (see docs/performance.md); past this, something is wrong. */
export const DOCUMENT_PDF_TIME_LIMIT_MS = 20_000;

// Built code runs document-pdf.js; the sources (tests, dev) run document-pdf.ts with Node's type stripping.
const worker = new ResidentWorker(
  new URL(import.meta.url.endsWith('.ts') ? './document-pdf.ts' : './document-pdf.js', import.meta.url).href,
);

/**
 * `renderDocumentPdf` on a resident worker thread, so laying out a long document never holds the
 * event loop serving the API, the dashboard and the site. Documents are made one at a time, each
 * within DOCUMENT_PDF_TIME_LIMIT_MS (past it the worker is stopped and the call fails).
 */
export async function renderDocumentPdfOffThread(model: DocumentPdfModel): Promise<Buffer> {
  const pdf = await worker.run<Uint8Array>('renderDocumentPdf', [model], DOCUMENT_PDF_TIME_LIMIT_MS);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/** Stops the worker (application shutdown, tests); the next document starts a new one. */
export function closeDocumentPdfWorker(): Promise<void> {
  return worker.close();
}
