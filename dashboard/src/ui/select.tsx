import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn';
import { controlClasses } from './input';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  'aria-label'?: string;
  className?: string;
}

/** A list box (Radix Select). Its trigger takes the `id`, so a `<label htmlFor>` names it. */
export function Select({ id, value, onValueChange, options, placeholder, disabled, name, className, ...aria }: SelectProps) {
  return (
    <RadixSelect.Root value={value || undefined} onValueChange={onValueChange} disabled={disabled} name={name}>
      <RadixSelect.Trigger
        id={id}
        className={cn(
          controlClasses,
          'flex h-5 items-center justify-between gap-1 text-left data-[placeholder]:text-ink-subtle',
          className,
        )}
        {...aria}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon>
          <ChevronDown className="size-2 text-ink-subtle" aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="menu-content z-[60] max-h-[min(320px,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-line bg-surface shadow-raised"
        >
          <RadixSelect.Viewport className="p-0.5">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer items-center rounded-sm py-0.5 pl-3 pr-1 text-sm text-ink outline-none select-none data-[highlighted]:bg-surface-muted"
              >
                <RadixSelect.ItemIndicator className="absolute left-0.5 inline-flex">
                  <Check className="size-2 text-brand-600" aria-hidden="true" />
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
