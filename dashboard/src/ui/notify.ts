import { loadToasts } from './toaster-host';

/** The spec's notices last 1.5 s. */
export const NOTICE_MS = 1500;
/** Failures stay a little longer so they can be read (and pause on hover). */
export const FAILURE_MS = 5000;

/** A success notice ("Admin ajouté avec succès !"). */
export function notifySuccess(message: string, description?: string): void {
  void loadToasts().then((toast) => toast.success(message, { description, duration: NOTICE_MS }));
}

/** A failure notice; the spec titles some "Erreur" with the server's text under it. */
export function notifyError(message: string, description?: string): void {
  void loadToasts().then((toast) => toast.error(message, { description, duration: FAILURE_MS }));
}

export function notifyWarning(message: string, description?: string): void {
  void loadToasts().then((toast) => toast.warning(message, { description, duration: NOTICE_MS }));
}
