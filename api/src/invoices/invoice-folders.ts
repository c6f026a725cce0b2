import { In, type EntityManager } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { notFound } from '../core/errors/api-error.js';
import type { InvoiceFolder } from './invoice-amounts.js';
import { paymentsOfInvoices } from './invoice-payments.js';
import { CreditNoteLine } from './entities/credit-note-line.entity.js';
import { CreditNote } from './entities/credit-note.entity.js';
import { InvoiceLine } from './entities/invoice-line.entity.js';
import { Invoice } from './entities/invoice.entity.js';

export const INVOICE_NOT_FOUND = 'Facture introuvable.';

/** The invoices with their lines, credit notes and payments, in the order given. */
export async function loadFolders(manager: EntityManager, invoices: Invoice[]): Promise<InvoiceFolder[]> {
  if (!invoices.length) return [];
  const ids = invoices.map((i) => i.id);
  const lines = await manager
    .getRepository(InvoiceLine)
    .find({ where: { invoice_id: In(ids) }, order: { position: 'ASC', id: 'ASC' } });
  const notes = await manager.getRepository(CreditNote).find({ where: { invoice_id: In(ids) }, order: { id: 'ASC' } });
  const noteLines = notes.length
    ? await manager.getRepository(CreditNoteLine).find({
        where: { credit_note_id: In(notes.map((n) => n.id)) },
        order: { position: 'ASC', id: 'ASC' },
      })
    : [];
  const payments = await paymentsOfInvoices(manager, ids);
  return invoices.map((invoice) => ({
    invoice,
    lines: lines.filter((l) => l.invoice_id === invoice.id),
    creditNotes: notes
      .filter((n) => n.invoice_id === invoice.id)
      .map((note) => ({ note, lines: noteLines.filter((l) => l.credit_note_id === note.id) })),
    payments: payments.filter((p) => p.invoice_id === invoice.id),
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
