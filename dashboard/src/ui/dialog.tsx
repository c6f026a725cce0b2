import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useReturnFocus } from '../lib/focus-return';

const widths = { sm: 'max-w-[440px]', md: 'max-w-[560px]', lg: 'max-w-[720px]', xl: 'max-w-[920px]' } as const;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof widths;
  /** Buttons at the bottom, outside the scrolling body. */
  footer?: ReactNode;
  children: ReactNode;
  /** Set while a save runs: Escape and outside clicks do not close the dialog then. */
  busy?: boolean;
  /** 'right': a side panel along the right edge, full height (the home's order detail). */
  placement?: 'center' | 'right';
  /**
   * The body's name when it holds reading only (no control to tab to): the body then takes the
   * keyboard focus so that the arrow keys scroll it (axe `scrollable-region-focusable`).
   */
  readingRegion?: string;
}

/**
 * A modal dialog (Radix): focus trapped inside, Escape and the close button close it, focus
 * goes back to what opened it. The body scrolls when it is taller than the screen.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  footer,
  children,
  busy = false,
  placement = 'center',
  readingRegion,
}: DialogProps) {
  const guard = (event: Event) => {
    if (busy) event.preventDefault();
  };
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (!next && busy ? undefined : onOpenChange(next))}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-40 bg-brand-950/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          className={cn(
            placement === 'right'
              ? 'sheet-content fixed inset-y-0 right-0 z-50 flex h-dvh w-full flex-col bg-surface shadow-raised focus:outline-none'
              : 'dialog-content fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-32px)] w-[calc(100vw-32px)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface shadow-raised focus:outline-none',
            widths[size],
          )}
          onEscapeKeyDown={guard}
          onCloseAutoFocus={returnFocus}
          onPointerDownOutside={guard}
          onInteractOutside={guard}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-2 border-b border-line px-3 py-2">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-0.5 text-sm text-ink-muted">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="-mr-1 -mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink disabled:opacity-50"
              aria-label="Fermer"
              disabled={busy}
            >
              <X className="size-2" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div
            className="min-h-0 flex-1 overflow-y-auto px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-accent-500"
            {...(readingRegion ? { tabIndex: 0, role: 'region', 'aria-label': readingRegion } : {})}
          >
            {children}
          </div>
          {footer ? <div className="flex flex-wrap justify-end gap-1 border-t border-line px-3 py-1.5">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
