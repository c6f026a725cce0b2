import { cn } from '../../lib/cn';

/** A signed quantity: « +40 » in green, « −2 » in red, « 0 » plain (U+2212, which screen readers read as « moins »). */
export function SignedQuantity({ value, className }: { value: number; className?: string }) {
  const text = value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : '0';
  return (
    <span className={cn('tabular-nums font-medium', value > 0 && 'text-success', value < 0 && 'text-danger', className)}>
      {text}
    </span>
  );
}
