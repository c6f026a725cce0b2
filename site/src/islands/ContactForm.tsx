import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ContactAnswer, ContactPayload } from '@comptoir/api/contract';
import { CONTACT_LIMITS } from '@comptoir/api/text-limits';
import { api, firstErrors } from './lib/http';
import { notify, prepareToasts } from './lib/toast';
import { Popup } from './ui/Popup';
import { Spinner } from './ui/Spinner';

export const CONTACT_TEXTS = {
  network: 'Le message n’a pas pu être envoyé : vérifiez votre connexion puis réessayez.',
  failed: 'Le message n’a pas pu être envoyé. Réessayez dans un instant.',
} as const;

/** Contact success popup closes itself after 3.5 s (spec section 9). */
const SUCCESS_POPUP_MS = 3500;

const EMPTY: ContactPayload = { name: '', email: '', object: '', message: '' };

interface Props {
  namePlaceholder: string;
  emailPlaceholder: string;
}

/** The contact form (spec: Contact screen, sections 4 and 8): POST /api/contact, errors per field. */
export default function ContactForm({ namePlaceholder, emailPlaceholder }: Props) {
  const [values, setValues] = useState<ContactPayload>(EMPTY);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // What was typed before this island hydrated stays on screen (React keeps a field's text when it
    // hydrates) but not in its state: the form hydrates as it comes into view, so on a slow connection
    // the first keystrokes can come first. Taken into the state, it is what gets sent.
    const elements = formRef.current?.elements;
    const typed = (field: keyof ContactPayload) => {
      const element = elements?.namedItem(field);
      return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : '';
    };
    // "Demander un devis" on an exhausted product links here with `?objet=…&message=…` prefilled.
    const params = new URLSearchParams(window.location.search);
    const next: ContactPayload = {
      name: typed('name'),
      email: typed('email'),
      object: typed('object') || (params.get('objet')?.slice(0, 255) ?? ''),
      message: typed('message') || (params.get('message')?.slice(0, 2000) ?? ''),
    };
    if (Object.values(next).some(Boolean)) setValues(next);
  }, []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { name: useId(), email: useId(), object: useId(), message: useId() };

  const set = (field: keyof ContactPayload) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setErrors({});
    setSuccess(null);
    setFailure(null);
    prepareToasts();
    try {
      const result = await api<ContactAnswer>('/api/contact', { method: 'POST', body: values });
      if (result.ok) {
        setValues(EMPTY);
        setSuccess(typeof result.data.success === 'string' ? result.data.success : result.data.message);
        return;
      }
      if (result.network) {
        setFailure(CONTACT_TEXTS.network);
        notify.error(CONTACT_TEXTS.network);
        return;
      }
      const fieldErrors = firstErrors(result.data?.errors);
      setErrors(fieldErrors);
      if (!Object.keys(fieldErrors).length) {
        const message = result.data?.message ?? CONTACT_TEXTS.failed;
        setFailure(message);
        notify.error(message);
      } else {
        const first = (['name', 'email', 'object', 'message'] as const).find((f) => fieldErrors[f]);
        if (first) document.getElementById(ids[first])?.focus();
      }
    } finally {
      setSubmitting(false);
    }
  }

  const closeSuccess = useCallback(() => setSuccess(null), []);

  const field = (name: keyof ContactPayload) => ({
    id: ids[name],
    name,
    value: values[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
    className: 'field-input',
  });
  const error = (name: keyof ContactPayload) =>
    errors[name] ? (
      <p id={`${ids[name]}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <>
      <form ref={formRef} onSubmit={submit} noValidate className="grid gap-2" aria-busy={submitting} data-contact-form>
        <div>
          <label htmlFor={ids.name} className="field-label">
            Nom et Prénom
          </label>
          <input
            {...field('name')}
            type="text"
            autoComplete="name"
            placeholder={namePlaceholder}
            maxLength={CONTACT_LIMITS.name}
          />
          {error('name')}
        </div>
        <div>
          <label htmlFor={ids.email} className="field-label">
            Votre email
          </label>
          <input
            {...field('email')}
            type="email"
            autoComplete="email"
            placeholder={emailPlaceholder}
            maxLength={CONTACT_LIMITS.email}
          />
          {error('email')}
        </div>
        <div>
          <label htmlFor={ids.object} className="field-label">
            Objet
          </label>
          <input {...field('object')} type="text" placeholder="Raison du message" maxLength={CONTACT_LIMITS.object} />
          {error('object')}
        </div>
        <div>
          <label htmlFor={ids.message} className="field-label">
            Message
          </label>
          <textarea
            {...field('message')}
            placeholder="Votre message"
            className="field-input h-[128px] resize-y"
            maxLength={CONTACT_LIMITS.messageMax}
          />
          {error('message')}
        </div>
        {failure && (
          <p className="rounded-md bg-danger-soft p-1.5 text-danger" role="alert">
            {failure}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting && <Spinner label="Envoi en cours" />}
            Envoyer le message
          </button>
        </div>
      </form>
      <Popup
        open={success !== null}
        kind="success"
        title="Message envoyé"
        message={success ?? ''}
        autoCloseMs={SUCCESS_POPUP_MS}
        onClose={closeSuccess}
      />
    </>
  );
}
