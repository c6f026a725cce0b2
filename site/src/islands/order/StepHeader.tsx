import { STEP_TITLES, type Step } from './order-form';

/** The order dialog's title, « Étapes n/3 » with its progress bar, and the close button. */
export function StepHeader({
  step,
  titleId,
  progressId,
  busy,
  onClose,
}: {
  step: Step;
  titleId: string;
  progressId: string;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <header className="flex items-start justify-between gap-2 border-b border-line p-3">
      <div className="flex-1">
        <h2 id={titleId} className="text-xl font-bold text-brand-900">
          {STEP_TITLES[step]}
        </h2>
        <p className="mt-0.5 text-sm font-semibold text-ink-muted" id={progressId}>
          Étapes {step}/3
        </p>
        <div
          className="mt-1 h-1 overflow-hidden rounded-full bg-brand-50"
          role="progressbar"
          aria-labelledby={progressId}
          aria-valuemin={1}
          aria-valuemax={3}
          aria-valuenow={step}
        >
          <div
            className="h-full rounded-full bg-accent-600 transition-[width] duration-500"
            style={{ width: `${(step / 3) * 100}%` }}
          />
        </div>
      </div>
      <button type="button" className="btn btn-ghost px-1" onClick={onClose} disabled={busy} aria-label="Fermer">
        <svg
          aria-hidden="true"
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </header>
  );
}
