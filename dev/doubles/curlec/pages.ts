import { escapeHtml as e, FPX_BANKS, PAGE_METHODS, ringgit, type Json } from './entities.ts';

/**
 * The double's pages for a tester, plain HTML with no script: a link's hosted payment page
 * and the DuitNow QR payments waiting. Readable on a 390 px phone; every control has a label.
 */

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:30rem;margin:0 auto;padding:1rem}
.banner{background:#fff3cd;border:1px solid #e0b800;padding:.5rem .75rem;border-radius:.5rem;font-size:.9rem}
h1{font-size:1.6rem;margin:.75rem 0 .25rem}
fieldset{border:1px solid #c9ced6;border-radius:.5rem;margin:1rem 0;padding:.5rem .75rem}
legend{font-weight:600;padding:0 .25rem}
.choice{display:flex;align-items:center;gap:.5rem;min-height:2.75rem}
.choice input{width:1.25rem;height:1.25rem}
label.field{display:block;margin:.5rem 0}
select{display:block;width:100%;min-height:2.75rem;font-size:1rem;margin-top:.25rem}
.actions{display:flex;flex-direction:column;gap:.5rem}
button{min-height:2.75rem;font-size:1rem;border-radius:.5rem;border:1px solid #1b1f24;background:#fff;cursor:pointer}
button.pay{background:#0b5fff;color:#fff;border-color:#0b5fff}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #dde}
.qr-row{background:#fff;border:1px solid #c9ced6;border-radius:.5rem;padding:.75rem;margin:.75rem 0;overflow-wrap:anywhere}
.qr-row form{display:inline}
code{font-size:.8rem;overflow-wrap:anywhere;word-break:break-all}
button{padding:0 1rem}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title><style>${STYLE}</style></head><body><main>
<p class="banner">Curlec test double: no money moves here.</p>
${body}
</main></body></html>`;
}

const stateWords: Record<string, string> = {
  paid: 'This payment link has been paid.',
  cancelled: 'This payment link was cancelled.',
  expired: 'This payment link has expired.',
  partially_paid: 'This payment link is partly paid.',
};

/**
 * The page's choice a link was created to open on (its options.checkout.prefill: method 'card',
 * 'fpx' with a bank, 'wallet' with the wallet, or 'paylater' with provider 'atome'), or none.
 */
function prefilled(link: Json): { value: string; bank?: string } | null {
  const prefill = (link.options as Json | undefined)?.checkout?.prefill as Json | undefined;
  if (!prefill || typeof prefill !== 'object') return null;
  const how = PAGE_METHODS.find(
    (m) =>
      m.how.method === prefill.method &&
      (m.how.method !== 'wallet' || m.how.wallet === prefill.wallet) &&
      (m.how.method !== 'paylater' || prefill.provider === undefined || m.how.provider === prefill.provider),
  );
  if (!how) return null;
  return how.how.method === 'fpx' && typeof prefill.bank === 'string' ? { value: how.value, bank: prefill.bank } : { value: how.value };
}

/** The presses of the page: a card's or a wallet's, or Atome's while Atome is the method chosen. */
const ORDINARY_BUTTONS = `<button class="pay" name="outcome" value="pay">Pay</button>
<button name="outcome" value="late">Pay, confirmed later</button>
<button name="outcome" value="fail">Fail</button>`;
const ATOME_BUTTONS = `<button class="pay" name="outcome" value="pay">Approve</button>
<button name="outcome" value="fail">Decline</button>
<button name="outcome" value="abandon">Abandon</button>`;

/**
 * The hosted page of a link: the amount, what it is for, the method (the one it was created
 * with chosen) and the presses: Pay, Pay confirmed later and Fail; Approve, Decline and Abandon
 * when Atome is the method chosen. `declined`: Atome declined, so nothing is chosen for the
 * customer and the ordinary presses are back.
 */
export function hostedPage(link: Json, action: string, notice?: string, options: { declined?: boolean } = {}): string {
  const open = link.status === 'created';
  const prefill = prefilled(link);
  const chosen = options.declined && prefill?.value === 'atome' ? null : prefill;
  const atome = chosen?.value === 'atome';
  const methods = PAGE_METHODS.map(
    (m, i) => `<label class="choice"><input type="radio" name="method" value="${m.value}"${(chosen ? chosen.value === m.value : i === 0) ? ' checked' : ''}> ${e(m.label)}</label>`,
  ).join('\n');
  const banks = FPX_BANKS.map((b) => `<option value="${b.code}"${chosen?.bank === b.code ? ' selected' : ''}>${e(b.name)}</option>`).join('');
  const form = open
    ? `<form method="post" action="${e(action)}">
<fieldset><legend>Payment method</legend>
${methods}
</fieldset>
<label class="field">FPX bank <select name="bank">${banks}</select></label>
<label class="field">Card type <select name="card_type"><option value="credit">Credit card</option><option value="debit">Debit card</option></select></label>
${atome ? `<p>Atome: pay ${e(ringgit(link.amount))} in 3 payments. Approve, Decline, or Abandon to go back to the shop without paying.</p>\n` : ''}<div class="actions">
${atome ? ATOME_BUTTONS : ORDINARY_BUTTONS}
</div>
</form>`
    : `<p role="status">${e(stateWords[link.status] ?? `This payment link is ${link.status}.`)}</p>`;
  return layout(
    `Pay ${ringgit(link.amount)}`,
    `<h1>Pay ${e(ringgit(link.amount))}</h1>
<p>${e(String(link.description ?? ''))}</p>
${notice ? `<p role="alert">${e(notice)}</p>` : ''}
${form}`,
  );
}

export function missingPage(what: string): string {
  return layout('Not found', `<h1>Not found</h1><p>${e(what)}</p>`);
}

/** The DuitNow QR payments waiting to be scanned, each with Mark paid and Fail. */
export function qrListPage(base: string, waiting: { payment: Json; qrText: string; expireAt: number }[], nowSeconds: number, notice?: string): string {
  const rows = waiting
    .map(({ payment, qrText, expireAt }) => {
      const name = `${ringgit(payment.amount)} ${payment.id}`;
      return `<section class="qr-row" aria-label="${e(name)}">
<h2><a href="${e(`${base}/qr/${payment.id}`)}">${e(ringgit(payment.amount))}</a></h2>
<p>Payment ${e(payment.id)}, order ${e(String(payment.order_id))}; expires in ${Math.max(0, expireAt - nowSeconds)} s.</p>
<p><code>${e(qrText)}</code></p>
<form method="post" action="${e(`${base}/qr/${payment.id}/paid`)}"><button class="pay" aria-label="Mark paid ${e(payment.id)}">Mark paid</button></form>
<form method="post" action="${e(`${base}/qr/${payment.id}/fail`)}"><button aria-label="Fail ${e(payment.id)}">Fail</button></form>
</section>`;
    })
    .join('\n');
  return layout(
    'DuitNow QR payments waiting',
    `<h1>DuitNow QR payments waiting</h1>
${notice ? `<p role="status">${e(notice)}</p>` : ''}
${rows || '<p>No QR payment is waiting.</p>'}`,
  );
}

/** One DuitNow QR payment: its state, and the two presses while it waits. */
export function qrPage(base: string, payment: Json, qr: { qrText: string; expireAt: number }, nowSeconds: number, notice?: string): string {
  const waiting = payment.status === 'created';
  return layout(
    `DuitNow QR ${payment.id}`,
    `<h1>DuitNow QR ${e(ringgit(payment.amount))}</h1>
${notice ? `<p role="status">${e(notice)}</p>` : ''}
<p>Payment ${e(payment.id)}: ${e(payment.status === 'created' ? 'waiting to be scanned' : payment.status)}.</p>
<p><code>${e(qr.qrText)}</code></p>
${
  waiting
    ? `<p>Expires in ${Math.max(0, qr.expireAt - nowSeconds)} s.</p>
<form method="post" action="${e(`${base}/qr/${payment.id}/paid`)}"><button class="pay">Mark paid</button></form>
<form method="post" action="${e(`${base}/qr/${payment.id}/fail`)}"><button>Fail</button></form>`
    : ''
}
<p><a href="${e(`${base}/qr`)}">All QR payments waiting</a></p>`,
  );
}
