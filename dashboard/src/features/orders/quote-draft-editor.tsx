import type { QuoteVersionView } from '@comptoir/api/contract';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormAlert } from '../../ui/field';
import { notifySuccess } from '../../ui/notify';
import { usePermissions } from '../auth/permissions';
import { FieldError, QuoteDraftLines } from './quote-draft-lines';
import { useQuoteDraft, type Quote } from './quote-draft-state';
import { QuoteDraftTotals } from './quote-draft-totals';
import { ProductPicker } from './quote-product-picker';

/** The draft editor: lines, discounts, delivery fee, validity, terms, message; a preview of the totals. */
export function DraftEditor({
  orderId,
  draft,
  pricesIncludeTax,
  recipients,
  onSaved,
  onReload,
}: {
  orderId: number;
  draft: QuoteVersionView;
  pricesIncludeTax: boolean;
  recipients: string[];
  onSaved: (quote: Quote) => void;
  onReload: () => void;
}) {
  const editor = useQuoteDraft({ orderId, draft, pricesIncludeTax, onSaved, onReload });
  const { fields, errors } = editor;
  const [confirming, setConfirming] = useState(false);
  const { can } = usePermissions();

  return (
    <div className="flex flex-col gap-1.5 rounded-md border border-warning/40 p-1.5" data-testid="quote-draft-editor">
      <p className="text-sm font-semibold text-ink">Révision {draft.reference} (brouillon)</p>
      <QuoteDraftLines
        lines={editor.lines}
        pricesIncludeTax={pricesIncludeTax}
        errors={errors}
        onChange={editor.changeLine}
        onRemove={editor.removeLine}
        onAdd={editor.addBlankLine}
      />
      {can('shop', 'view') ? <ProductPicker onPick={editor.addPickedLine} /> : null}
      <div className="grid grid-cols-2 gap-1 text-sm">
        <label className="flex flex-col">
          Remise globale (%)
          <input
            className="rounded border border-line px-0.5"
            value={fields.discount}
            onChange={(e) => editor.setDiscount(e.target.value)}
          />
          <FieldError errors={errors} field="discount_bp" />
        </label>
        <label className="flex flex-col">
          Frais de livraison HT ({draft.delivery_fee_currency})
          <input
            className="rounded border border-line px-0.5"
            value={fields.fee}
            onChange={(e) => editor.setFee(e.target.value)}
          />
          <FieldError errors={errors} field="delivery_fee" />
        </label>
        <label className="flex flex-col">
          Valable jusqu’au
          <input
            type="date"
            className="rounded border border-line px-0.5"
            value={fields.validUntil}
            onChange={(e) => editor.setValidUntil(e.target.value)}
          />
          <FieldError errors={errors} field="valid_until" />
        </label>
        <label className="flex flex-col">
          Conditions de paiement
          <input
            className="rounded border border-line px-0.5"
            value={fields.terms}
            onChange={(e) => editor.setTerms(e.target.value)}
          />
        </label>
        <label className="col-span-2 flex flex-col">
          Message au client
          <textarea
            className="rounded border border-line px-0.5"
            rows={2}
            value={fields.message}
            onChange={(e) => editor.setMessage(e.target.value)}
          />
        </label>
      </div>
      {editor.preview && <QuoteDraftTotals preview={editor.preview} />}
      {editor.stale ? (
        <FormAlert>
          <p>{editor.stale}</p>
          <Button variant="secondary" size="sm" className="mt-0.5" onClick={editor.reload}>
            Recharger la version enregistrée
          </Button>
        </FormAlert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-1">
        <Button
          variant="secondary"
          size="sm"
          loading={editor.saving}
          onClick={() => void editor.save().then((q) => q && notifySuccess('Brouillon enregistré.'))}
        >
          Enregistrer le brouillon
        </Button>
        <Button
          size="sm"
          icon={<Send className="size-2" aria-hidden="true" />}
          onClick={() => setConfirming(true)}
          disabled={editor.saving}
        >
          Envoyer au client
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title="Envoyer le devis au client ?"
        confirmLabel="Envoyer"
        message={`La version ${draft.number} sera enregistrée puis figée (elle ne pourra plus changer), son PDF conservé et envoyé par e-mail à ${recipients.join(' et ')} avec un lien personnel pour l’accepter, le refuser ou poser une question.`}
        onConfirm={() => editor.send()}
      />
    </div>
  );
}
