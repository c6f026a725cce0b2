import { Copy, Download } from 'lucide-react';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/field';
import { notifySuccess } from '../../ui/notify';

/** New recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'codes-de-secours.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-1.5" data-testid="recovery-codes">
      <FormAlert tone="info">
        Voici vos codes de secours. Chacun ne sert qu’une fois, si vous n’avez plus votre application ou votre clé d’accès.
        Conservez-les en lieu sûr : ils ne seront plus affichés.
      </FormAlert>
      <ul
        className="grid grid-cols-2 gap-1 rounded-lg border border-line bg-surface-muted p-1.5 font-mono text-sm"
        aria-label="Codes de secours"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-1">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          icon={<Copy className="size-2" aria-hidden="true" />}
          onClick={() => void navigator.clipboard?.writeText(text).then(() => notifySuccess('Codes copiés.'))}
        >
          Copier
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          icon={<Download className="size-2" aria-hidden="true" />}
          onClick={download}
        >
          Télécharger
        </Button>
      </div>
    </div>
  );
}
