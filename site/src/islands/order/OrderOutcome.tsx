import { Popup } from '../ui/Popup';
import { ORDER_TEXTS } from './order-form';
import type { Outcome } from './use-order-request';

const TITLES = { success: ORDER_TEXTS.success, queued: ORDER_TEXTS.queued, error: ORDER_TEXTS.failure } as const;

/** What the visitor is told once the request is sent, waiting in the outbox, or refused. */
export function OrderOutcome({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  return (
    <>
      {(['success', 'queued', 'error'] as const).map((kind) => (
        <Popup
          key={kind}
          open={outcome?.kind === kind}
          kind={kind === 'error' ? 'error' : 'success'}
          title={TITLES[kind]}
          message={outcome?.kind === kind ? outcome.message : undefined}
          onClose={onClose}
        />
      ))}
    </>
  );
}
