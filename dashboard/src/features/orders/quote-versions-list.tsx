import { QUOTE_STATE_LABELS } from '@comptoir/api/statuses';
import { FileDown } from 'lucide-react';
import { formatDateTime } from '../../lib/format';
import { Badge, type BadgeTone } from '../../ui/badge';
import { buttonClasses } from '../../ui/button';
import type { Quote } from './quote-draft-state';
import { money } from './quote-draft-values';

const STATE: Record<string, { label: string; tone: BadgeTone }> = {
  draft: { label: QUOTE_STATE_LABELS.draft, tone: 'warning' },
  sent: { label: QUOTE_STATE_LABELS.sent, tone: 'info' },
  accepted: { label: QUOTE_STATE_LABELS.accepted, tone: 'success' },
  declined: { label: QUOTE_STATE_LABELS.declined, tone: 'danger' },
  expired: { label: QUOTE_STATE_LABELS.expired, tone: 'neutral' },
};

/** A quote's or a version's state as a coloured badge; `testId` marks the quote's own. */
export function QuoteStateBadge({ state, testId }: { state: string; testId?: string }) {
  const label = STATE[state]?.label ?? state;
  return <Badge tone={STATE[state]?.tone ?? 'neutral'}>{testId ? <span data-testid={testId}>{label}</span> : label}</Badge>;
}

/** The quote's versions, newest first: reference, state, totals TTC, when sent, who accepted or why declined, the PDF. */
export function QuoteVersionsList({ orderId, versions }: { orderId: number; versions: Quote['versions'] }) {
  return (
    <ul className="divide-y divide-line rounded-md border border-line text-sm">
      {versions.map((v) => (
        <li key={v.id} className="flex flex-wrap items-center justify-between gap-1 px-1 py-0.5">
          <span>
            <span className="font-mono">{v.reference}</span> <QuoteStateBadge state={v.state} />
            <span className="ml-1 text-ink-muted">
              {v.totals.map((t) => money(t.ttc, t.currency_code)).join(' + ')} TTC
              {v.sent_at ? ` · envoyé le ${formatDateTime(v.sent_at)}` : ''}
              {v.accepted_by ? ` · accepté par ${v.accepted_by.name}` : ''}
              {v.decline_reason ? ` · refusé : ${v.decline_reason}` : ''}
            </span>
          </span>
          <a className={buttonClasses('ghost', 'sm')} href={`/api/order/${orderId}/quote/versions/${v.id}/pdf`}>
            <FileDown className="size-2" aria-hidden="true" />
            PDF{v.state === 'draft' ? ' (aperçu)' : ''}
          </a>
        </li>
      ))}
    </ul>
  );
}
