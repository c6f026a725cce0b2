import type { StaffOrderDetail } from '@comptoir/api/contract';
import { FileDown } from 'lucide-react';
import { Button, buttonClasses } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { DraftEditor } from './quote-draft-editor';
import { QuoteThread } from './quote-thread';
import { QuoteStateBadge, QuoteVersionsList } from './quote-versions-list';
import { quoteOffers, quoteRecipients, useOrderQuote } from './use-order-quote';

/** The order's quote: versions with their PDFs, the revision editor, the thread with the client and its links. */
export function OrderQuoteVersions({ order }: { order: StaffOrderDetail }) {
  const { can } = usePermissions();
  const enabled = can('quotes', 'view');
  const { query, busy, update, reload, revise, reply, revokeLinks } = useOrderQuote(order.id, enabled);
  if (!enabled) return null;
  if (query.isPending) return <Spinner label="Chargement du devis…" />;
  if (query.isError) return <p className="text-sm text-danger">Le devis n’a pas pu être chargé.</p>;
  const quote = query.data;
  const offers = quoteOffers(quote, order, can);
  const links = offers.activeLinks;

  return (
    <section aria-labelledby={`order-${order.id}-quote`} className="flex flex-col gap-1.5" data-testid="order-quote">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h3 id={`order-${order.id}-quote`} className="text-sm font-semibold text-ink">
          Devis et échanges
        </h3>
        {quote.quote_state ? <QuoteStateBadge state={quote.quote_state} testId="quote-state" /> : null}
      </div>
      <QuoteVersionsList orderId={order.id} versions={quote.versions} />
      {offers.accepted ? (
        <a className={buttonClasses('secondary', 'sm', 'self-start')} href={`/api/order/${order.id}/purchase-order.pdf`}>
          <FileDown className="size-2" aria-hidden="true" />
          Bon de commande (PDF)
        </a>
      ) : null}
      {offers.draft && offers.editDraft ? (
        <DraftEditor
          orderId={order.id}
          draft={offers.draft}
          pricesIncludeTax={quote.prices_include_tax}
          recipients={quoteRecipients(order)}
          onSaved={update}
          onReload={reload}
        />
      ) : offers.revise ? (
        <Button size="sm" variant="secondary" className="self-start" loading={busy === 'revise'} onClick={() => void revise()}>
          Réviser le devis
        </Button>
      ) : null}
      <QuoteThread
        orderId={order.id}
        messages={quote.messages}
        canReply={offers.reply}
        sending={busy === 'reply'}
        onReply={reply}
      />
      {links.length ? (
        <p className="flex flex-wrap items-center gap-1 text-xs text-ink-muted">
          {links.length} lien{links.length > 1 ? 's' : ''} client actif{links.length > 1 ? 's' : ''} (
          {[...new Set(links.map((l) => l.email))].join(', ')})
          <Button size="sm" variant="ghost" loading={busy === 'revoke'} onClick={() => void revokeLinks()}>
            Révoquer les liens
          </Button>
        </p>
      ) : null}
    </section>
  );
}
