import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { controlClasses } from './input';

export interface SearchInputProps {
  /** The applied search (from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses for `delay` ms, or at once on Enter/clear. */
  onChange: (value: string) => void;
  placeholder: string;
  /** Accessible name; defaults to the placeholder. */
  label?: string;
  delay?: number;
  className?: string;
  id?: string;
}

/** A search box that waits for a pause in typing before it searches. */
export function SearchInput({ value, onChange, placeholder, label, delay = 350, className, id }: SearchInputProps) {
  const [text, setText] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;

  // Follow the URL when it changes from outside (back button, a link).
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const commit = (next: string, wait: number) => {
    window.clearTimeout(timer.current);
    const run = () => {
      const trimmed = next.trim();
      if (trimmed !== value) latest.current(trimmed);
    };
    if (wait === 0) run();
    else timer.current = window.setTimeout(run, wait);
  };

  return (
    <div className={cn('relative w-full sm:max-w-[360px]', className)} role="search">
      <Search
        className="pointer-events-none absolute left-1 top-1/2 size-2 -translate-y-1/2 text-ink-subtle"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        aria-label={label ?? placeholder}
        className={cn(controlClasses, 'h-5 pl-4 pr-4 [&::-webkit-search-cancel-button]:hidden')}
        onChange={(event) => {
          setText(event.target.value);
          commit(event.target.value, delay);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(text, 0);
          }
        }}
      />
      {text ? (
        <button
          type="button"
          className="absolute right-0.5 top-1/2 inline-flex size-3.5 -translate-y-1/2 items-center justify-center rounded-sm text-ink-subtle hover:text-ink"
          aria-label="Effacer la recherche"
          onClick={() => {
            setText('');
            commit('', 0);
          }}
        >
          <X className="size-2" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
