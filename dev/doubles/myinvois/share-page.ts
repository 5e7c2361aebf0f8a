import { html } from 'hono/html';
import { documentStatus, type StoredDocument } from './store.ts';

/** The double's stand-in for MyInvois' public validation page, the target of an e-invoice's QR code. */
export function sharePage(doc: StoredDocument | null, now: number) {
  const body = doc
    ? html`<h1>e-Invoice ${doc.fields.internalId ?? doc.codeNumber}</h1>
        <p>Status: <strong>${documentStatus(doc, now)}</strong></p>
        <dl>
          <dt>UUID</dt><dd>${doc.uuid}</dd>
          <dt>Supplier</dt><dd>${doc.issuerName} (${doc.issuerTin})</dd>
          <dt>Buyer</dt><dd>${doc.fields.buyer.name ?? ''} (${doc.fields.buyer.tin ?? ''})</dd>
          <dt>Issued</dt><dd>${doc.fields.issueDate} ${doc.fields.issueTime}</dd>
        </dl>`
    : html`<h1>No such e-invoice</h1>`;
  return html`<!doctype html>
    <html lang="en">
      <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" /><title>MyInvois (local double)</title></head>
      <body>
        <p>Local MyInvois double: not LHDN's portal.</p>
        ${body}
      </body>
    </html>`;
}
