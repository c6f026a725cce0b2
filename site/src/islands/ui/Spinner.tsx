export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 ${className}`} role={label ? 'status' : undefined}>
      <span className="spinner" aria-hidden="true" />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
