import { Button } from './button';

/** The server could not be reached at start: say so and offer to try again (no blank page). */
export function StartFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="grid min-h-screen place-items-center bg-surface-muted p-2 text-center">
      <div role="alert" className="max-w-md space-y-2">
        <h1 className="text-lg font-semibold text-ink">Le tableau de bord ne peut pas démarrer</h1>
        <p className="text-ink-muted">Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez.</p>
        <Button onClick={onRetry}>Réessayer</Button>
      </div>
    </main>
  );
}
