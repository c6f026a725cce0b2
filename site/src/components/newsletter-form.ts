/**
 * The newsletter forms of the page (the footer's, the blog's banner: components/Newsletter.astro)
 * sent without leaving the page, with the answer under the field and in a toast. Loaded by the one
 * script file every page has (OfflineSupport.astro), not as a file of its own.
 */
import type { NewsletterAnswer, ErrorAnswer } from '@comptoir/api/contract';

const TEXTS = {
  network: 'Impossible de vous inscrire pour le moment : vérifiez votre connexion et réessayez.',
  failed: 'L’inscription à la newsletter a échoué. Réessayez plus tard.',
};

const toast = (kind: 'success' | 'error', message: string) =>
  import('../islands/lib/toast').then(({ notify }) => notify[kind](message));

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter]')) {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const spinner = form.querySelector<HTMLElement>('[data-spinner]')!;
  const status = form.querySelector<HTMLElement>('[data-status]')!;
  const setBusy = (busy: boolean) => {
    button.disabled = busy;
    form.setAttribute('aria-busy', String(busy));
    spinner.hidden = !busy;
  };
  input.addEventListener('input', () => {
    input.removeAttribute('aria-invalid');
    status.textContent = '';
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    setBusy(true);
    status.textContent = '';
    input.removeAttribute('aria-invalid');
    try {
      let res: Response;
      try {
        res = await fetch('/api/newsletter', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ email: input.value.trim() }),
        });
      } catch {
        status.textContent = TEXTS.network;
        await toast('error', TEXTS.network);
        return;
      }
      const body = (await res.json().catch(() => null)) as NewsletterAnswer | ErrorAnswer | null;
      if (res.ok && body) {
        form.reset();
        await toast('success', body.message);
        return;
      }
      const fieldError = body && !body.success ? body.errors?.email?.[0] : undefined;
      const message = fieldError ?? body?.message ?? TEXTS.failed;
      if (fieldError) input.setAttribute('aria-invalid', 'true');
      status.textContent = message;
      await toast('error', message);
    } finally {
      setBusy(false);
    }
  });
}
