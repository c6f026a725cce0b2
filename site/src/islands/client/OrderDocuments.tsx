import {
  deliveryPdf,
  deliveryText,
  invoicePdfs,
  invoiceText,
  type ClientDelivery,
  type ClientInvoice,
  type DocumentsDetail,
  type PdfDocument,
} from './order-documents';

const ACTIONS: Record<PdfDocument['field'], string> = {
  delivery_id: '/api/client/order/delivery-pdf',
  invoice_id: '/api/client/order/invoice-pdf',
  credit_note_id: '/api/client/order/invoice-pdf',
};

/** A POST form opening a document's PDF in a new tab: the token goes in the body, never in an address. */
function PdfForm({ token, orderId, doc }: { token: string; orderId?: number; doc: PdfDocument }) {
  return (
    <form method="post" action={ACTIONS[doc.field]} target="_blank" className="inline">
      <input type="hidden" name="token" value={token} />
      {orderId ? <input type="hidden" name="order_id" value={orderId} /> : null}
      <input type="hidden" name={doc.field} value={doc.id} />
      <button type="submit" className="btn btn-outline" aria-label={doc.label}>
        {doc.text}
      </button>
    </form>
  );
}

interface DocumentsProps {
  token: string;
  /** The order, when the link opens several (« Mes commandes »); a one-order link needs none. */
  orderId?: number;
  deliveries: ClientDelivery[];
  invoices: ClientInvoice[];
  detail: DocumentsDetail;
}

function DeliveryItems({
  token,
  orderId,
  deliveries,
  detail,
  itemClass,
}: Omit<DocumentsProps, 'invoices'> & { itemClass: string }) {
  return deliveries.map((d) => (
    <li key={`d${d.id}`} className={itemClass}>
      <span>{deliveryText(d, detail)}</span>
      <PdfForm token={token} orderId={orderId} doc={deliveryPdf(d)} />
    </li>
  ));
}

function InvoiceItems({
  token,
  orderId,
  invoices,
  detail,
  itemClass,
}: Omit<DocumentsProps, 'deliveries'> & { itemClass: string }) {
  return invoices.map((invoice) => (
    <li key={`i${invoice.id}`} className={itemClass} data-invoice={invoice.number}>
      <span>{invoiceText(invoice, detail)}</span>
      {invoicePdfs(invoice, detail).map((doc) => (
        <PdfForm key={`${doc.field}-${doc.id}`} token={token} orderId={orderId} doc={doc} />
      ))}
    </li>
  ));
}

/**
 * An order's delivery notes and invoices, each with its PDF: one list under an order of « Mes
 * commandes » (`summary`), two titled sections on the order's page (`full`).
 */
export function OrderDocuments(props: DocumentsProps) {
  const { deliveries, invoices, detail } = props;
  if (detail === 'summary') {
    if (!deliveries.length && !invoices.length) return null;
    const item = 'flex flex-wrap items-center gap-1';
    return (
      <ul className="grid w-full gap-0.5 text-sm" data-order-documents>
        <DeliveryItems {...props} itemClass={item} />
        <InvoiceItems {...props} itemClass={item} />
      </ul>
    );
  }
  const item = 'flex flex-wrap items-center gap-2';
  return (
    <>
      {deliveries.length > 0 && (
        <section data-deliveries>
          <h2 className="text-lg font-bold text-brand-900">Bons de livraison</h2>
          <ul className="mt-1 grid gap-1">
            <DeliveryItems {...props} itemClass={item} />
          </ul>
        </section>
      )}
      {invoices.length > 0 && (
        <section data-invoices>
          <h2 className="text-lg font-bold text-brand-900">Factures</h2>
          <ul className="mt-1 grid gap-1">
            <InvoiceItems {...props} itemClass={item} />
          </ul>
        </section>
      )}
    </>
  );
}
