import type { EntityManager } from 'typeorm';
import { groupBy } from '../common/group-by.js';
import { leanRowsIn } from '../common/lean-rows.js';
import { User } from '../admins/entities/user.entity.js';
import { notFound } from '../core/errors/api-error.js';
import type { InvoiceFolder } from './invoice-amounts.js';
import { paymentsOfInvoices } from './invoice-payments.js';
import { CreditNoteLine } from './entities/credit-note-line.entity.js';
import { CreditNote } from './entities/credit-note.entity.js';
import { InvoiceLine } from './entities/invoice-line.entity.js';
import { Invoice } from './entities/invoice.entity.js';

export const INVOICE_NOT_FOUND = 'Facture introuvable.';

/**
 * The invoices with their lines, credit notes and payments, in the order given. Read by plain statements
 * (lean-rows.ts), as `find` gives them: on a list page, building the query builder's statements and
 * grouping their rows into entities cost more Node CPU than the rest of the answer.
 */
export async function loadFolders(manager: EntityManager, invoices: Invoice[]): Promise<InvoiceFolder[]> {
  if (!invoices.length) return [];
  const ids = invoices.map((i) => i.id);
  const lines = await leanRowsIn(manager, InvoiceLine, 'invoice_id', ids, ['position', 'id']);
  const notes = await leanRowsIn(manager, CreditNote, 'invoice_id', ids, ['id']);
  const noteLines = await leanRowsIn(
    manager,
    CreditNoteLine,
    'credit_note_id',
    notes.map((n) => n.id),
    ['position', 'id'],
  );
  const payments = await paymentsOfInvoices(manager, ids);
  const linesOf = groupBy(lines, (l) => l.invoice_id);
  const notesOf = groupBy(notes, (n) => n.invoice_id);
  const noteLinesOf = groupBy(noteLines, (l) => l.credit_note_id);
  const paymentsOf = groupBy(payments, (p) => p.invoice_id);
  return invoices.map((invoice) => ({
    invoice,
    lines: linesOf.get(invoice.id) ?? [],
    creditNotes: (notesOf.get(invoice.id) ?? []).map((note) => ({ note, lines: noteLinesOf.get(note.id) ?? [] })),
    payments: paymentsOf.get(invoice.id) ?? [],
  }));
}

/** One invoice's folder, its row locked for the transaction on MariaDB (SQLite has one writer). */
export async function lockedFolder(manager: EntityManager, invoiceId: number): Promise<InvoiceFolder> {
  const sqlite = manager.connection.options.type === 'better-sqlite3';
  const invoice = await manager.getRepository(Invoice).findOne({
    where: { id: invoiceId },
    ...(sqlite ? {} : { lock: { mode: 'pessimistic_write' as const } }),
  });
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  return (await loadFolders(manager, [invoice]))[0]!;
}

/** « Prénom Nom » of a staff member, kept on the documents they issue. */
export async function staffName(manager: EntityManager, userId: number): Promise<string | null> {
  const user = await manager
    .getRepository(User)
    .findOne({ select: { id: true, firstname: true, name: true }, where: { id: userId } });
  return user ? `${user.firstname} ${user.name}`.trim() : null;
}
