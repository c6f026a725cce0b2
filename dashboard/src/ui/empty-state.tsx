import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a list shows when it has nothing: an icon, the spec's message and an optional action. */
export function EmptyState({ message, icon, action }: { message: ReactNode; icon?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-1.5 px-2 py-6 text-center" role="status">
      <span
        className="grid size-6 place-items-center rounded-full bg-surface-muted text-ink-subtle [&>svg]:size-3"
        aria-hidden="true"
      >
        {icon ?? <Inbox />}
      </span>
      <p className="text-sm font-medium text-ink-muted">{message}</p>
      {action}
    </div>
  );
}
