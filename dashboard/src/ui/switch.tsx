import * as RadixSwitch from '@radix-ui/react-switch';
import { cn } from '../lib/cn';

export interface SwitchProps {
  id?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Accessible name when no visible `<label htmlFor>` points at the switch. */
  'aria-label'?: string;
  className?: string;
}

/** An on/off switch (Radix): Space toggles it, screen readers hear "switch, on/off". */
export function Switch({ id, checked, onCheckedChange, disabled, className, ...aria }: SwitchProps) {
  return (
    <RadixSwitch.Root
      id={id}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      className={cn(
        'relative inline-flex h-3 w-5 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
        'bg-line data-[state=checked]:bg-success focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...aria}
    >
      <RadixSwitch.Thumb className="pointer-events-none block size-2.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-2 data-[state=unchecked]:translate-x-0" />
    </RadixSwitch.Root>
  );
}
