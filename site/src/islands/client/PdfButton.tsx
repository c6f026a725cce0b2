/** A POST form opening a PDF in a new tab: the token goes in the body, never in an address. */
export function PdfButton({
  token,
  orderId,
  versionId,
  label,
}: {
  token: string;
  orderId?: number;
  versionId: number;
  label: string;
}) {
  return (
    <form method="post" action="/api/client/order/pdf" target="_blank" className="inline">
      <input type="hidden" name="token" value={token} />
      {orderId ? <input type="hidden" name="order_id" value={orderId} /> : null}
      <input type="hidden" name="version_id" value={versionId} />
      <button type="submit" className="btn btn-outline">
        {label}
      </button>
    </form>
  );
}
