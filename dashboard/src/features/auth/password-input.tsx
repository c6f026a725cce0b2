import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Input, type InputProps } from '../../ui/input';

/** A password field with a show/hide button. */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pr-5" />
      <button
        type="button"
        className="absolute right-0.5 top-1/2 inline-flex size-4 -translate-y-1/2 items-center justify-center rounded-sm text-ink-subtle hover:text-ink focus-visible:outline-2 focus-visible:outline-accent-500"
        aria-label={visible ? 'Masquer la saisie' : 'Afficher la saisie'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff className="size-2" aria-hidden="true" /> : <Eye className="size-2" aria-hidden="true" />}
      </button>
    </div>
  );
}
