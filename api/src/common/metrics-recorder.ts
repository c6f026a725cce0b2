/**
 * What the lower domains record in the Prometheus metrics (mail, sign-in, publishing, housekeeping), declared below
 * them so that they need not import `metrics`, which reads them: `MetricsModule` (global) provides it as
 * its `MetricsService`. Inject it `@Optional()`: a test module without metrics records nothing.
 */
export abstract class MetricsRecorder {
  /** A site build ended, with its outcome and how long it took. */
  abstract siteBuilt(ok: boolean, durationMs: number): void;
  /** A release went live; the oldest change it includes, when known. */
  abstract releaseLive(oldestChange: Date | null | undefined, liveSince: Date): void;
  /** A sign-in attempt was refused by the throttle. */
  abstract signInThrottled(): void;
  /** A mail failed to leave; `givenUp` when it will not be tried again. */
  abstract mailFailed(givenUp: boolean): void;
  /** The housekeeping check of the order list's stored figures ended: how many it found and repaired. */
  abstract orderFiguresChecked(differences: number): void;
}
