import { createHash } from 'node:crypto';
import { KL_TIME_ZONE } from '../../../contract/rules/kl-calendar.ts';
import { locales, type Locale } from '../../../contract/rules/language.ts';
import { ringgit } from '../../../contract/rules/money.ts';
import { fpxBanks, type PayMethod } from '../../../contract/rules/order-status.ts';
import { languageNames, methodName, pageTexts, type PageTexts } from './texts.ts';

/**
 * The hosted payment page as plain HTML: no script, one form, usable on a 390 px phone.
 * Pure functions of what they are given, so tests read the page without a server.
 */

/** replaced: the shop opened a newer checkout for the order and closed this one. */
export type PageState = 'open' | 'failed' | 'paid' | 'expired' | 'replaced';
export type PageError = 'errorMethod' | 'errorBank' | 'errorOutcome';

export interface CheckoutView {
  locale: Locale;
  /** The page's own token: the form posts back to it. */
  token: string;
  orderNo: string;
  amountSen: number;
  expiresAt: Date;
  now: Date;
  state: PageState;
  methods: readonly PayMethod[];
  method: PayMethod;
  bankCode: string | null;
  returnUrl: string;
  error?: PageError;
}

const numberTags: Record<Locale, string> = { en: 'en-MY', 'zh-cn': 'zh-CN', ms: 'ms-MY' };

/** Whole minutes left, never overstated: a deadline is better met early. */
export function timeLeft(texts: PageTexts, expiresAt: Date, now: Date): string {
  const minutes = Math.floor((expiresAt.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return texts.underAMinute;
  if (minutes === 1) return texts.oneMinute;
  return texts.minutes.replace('{n}', String(minutes));
}

/** The clock time in Kuala Lumpur, whatever the server's own time zone. */
export function klTime(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(numberTags[locale], { timeZone: KL_TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(at);
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c]!);

const style = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","PingFang SC","Microsoft YaHei",sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:28rem;margin:0 auto;padding:1rem}
.test{margin:0 0 1rem;padding:.75rem 1rem;border:2px dashed #92400e;border-radius:.5rem;background:#fef3c7;color:#451a03}
.test strong{display:block;letter-spacing:.08em}
h1{font-size:1.375rem;margin:0 0 1rem}
.card{background:#fff;border-radius:.75rem;padding:1rem;margin-bottom:1rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}
dt{color:#4b5563}
dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
.notice{padding:.75rem 1rem;border-radius:.5rem;margin:0 0 1rem;background:#e0f2fe;color:#0c4a6e}
.notice.bad{background:#fee2e2;color:#7f1d1d}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:600;margin-bottom:.5rem}
.method{display:flex;align-items:center;gap:.75rem;min-height:3rem;padding:.25rem .75rem;border:1px solid #d1d5db;border-radius:.5rem;margin-bottom:.5rem;background:#fff}
.method input{width:1.25rem;height:1.25rem;margin:0}
.method label{flex:1;padding:.5rem 0}
.sub{margin:-.25rem 0 .75rem 2.75rem;font-size:.9375rem}
.sub label{display:block;margin-bottom:.25rem}
select{width:100%;min-height:2.75rem;font:inherit;padding:.25rem .5rem;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:inherit}
.buttons{display:grid;grid-template-columns:2fr 1fr;gap:.75rem;margin-top:1rem}
button{min-height:3rem;font:inherit;font-weight:600;border-radius:.5rem;border:2px solid transparent;cursor:pointer}
.pay{background:#1d4ed8;color:#fff}
.fail{background:#fff;color:#991b1b;border-color:#991b1b}
button:focus-visible,a:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.hint{font-size:.875rem;color:#4b5563;margin:.75rem 0 0}
a{color:#1d4ed8}
.back{display:block;text-align:center;padding:.75rem;font-weight:600}
nav{font-size:.875rem;text-align:center;color:#4b5563}
nav a,nav span{display:inline-block;padding:.5rem}
`;

/** For the page's Content-Security-Policy: its one style sheet, and nothing else, may apply. */
export const styleSource = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

function documentOf(texts: PageTexts, body: string): string {
  return `<!doctype html>
<html lang="${texts.htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(texts.title)}</title><style>${style}</style></head>
<body><main>
<p class="test" role="note"><strong>TEST · SANDBOX</strong>${escapeHtml(texts.testBanner)}</p>
<h1>${escapeHtml(texts.title)}</h1>
${body}
</main></body></html>`;
}

function languageLinks(texts: PageTexts, current: Locale): string {
  const links = locales.map((locale) =>
    locale === current
      ? `<span aria-current="true">${languageNames[locale]}</span>`
      : `<a href="?lang=${locale}" lang="${pageTexts(locale).htmlLang}" hreflang="${pageTexts(locale).htmlLang}">${languageNames[locale]}</a>`,
  );
  return `<nav aria-label="${escapeHtml(texts.language)}">${links.join(' · ')}</nav>`;
}

function methodChoice(texts: PageTexts, view: CheckoutView, method: PayMethod): string {
  const id = `method-${method}`;
  const checked = method === view.method ? ' checked' : '';
  let extra = '';
  if (method === 'fpx') {
    const options = fpxBanks
      .map((b) => `<option value="${b.code}"${b.code === view.bankCode ? ' selected' : ''}>${escapeHtml(b.name)}</option>`)
      .join('');
    extra = `<div class="sub"><label for="bank">${escapeHtml(texts.bank)}</label><select id="bank" name="bank"><option value="">${escapeHtml(texts.chooseBank)}</option>${options}</select></div>`;
  } else if (method === 'card') {
    extra = `<p class="sub">${escapeHtml(texts.cardNote)}</p>`;
  }
  return `<div class="method"><input type="radio" id="${id}" name="method" value="${method}"${checked}><label for="${id}">${escapeHtml(methodName(texts, method))}</label></div>${extra}`;
}

/** The page for one checkout: the form while it can be paid, a notice once it cannot. */
export function renderCheckoutPage(view: CheckoutView): string {
  const texts = pageTexts(view.locale);
  const open = view.state === 'open' || view.state === 'failed';
  const summary = `<div class="card"><dl>
<dt>${escapeHtml(texts.orderNo)}</dt><dd>${escapeHtml(view.orderNo)}</dd>
<dt>${escapeHtml(texts.amount)}</dt><dd>${escapeHtml(ringgit(view.amountSen))}</dd>
${open ? `<dt>${escapeHtml(texts.timeLeft)}</dt><dd>${escapeHtml(texts.payBy.replace('{left}', timeLeft(texts, view.expiresAt, view.now)).replace('{time}', klTime(view.expiresAt, view.locale)))}</dd>` : ''}
</dl></div>`;
  const back = `<a class="back" href="${escapeHtml(view.returnUrl)}">${escapeHtml(texts.back)}</a>`;
  if (!open) {
    const notice = view.state === 'paid' ? texts.paid : view.state === 'replaced' ? texts.replaced : texts.expired;
    return documentOf(texts, `${summary}<p class="notice${view.state === 'paid' ? '' : ' bad'}" role="status">${escapeHtml(notice)}</p>${back}${languageLinks(texts, view.locale)}`);
  }
  const notices = [
    view.error ? `<p class="notice bad" role="alert">${escapeHtml(texts[view.error])}</p>` : '',
    !view.error && view.state === 'failed' ? `<p class="notice bad" role="status">${escapeHtml(texts.lastFailed)}</p>` : '',
  ].join('');
  // Relative to /pay/sandbox/<token>: the page posts to itself, in the language it shows.
  const form = `<form class="card" method="post" action="${escapeHtml(view.token)}?lang=${view.locale}">
<fieldset><legend>${escapeHtml(texts.chooseMethod)}</legend>
${view.methods.map((m) => methodChoice(texts, view, m)).join('\n')}
</fieldset>
<div class="buttons"><button type="submit" name="outcome" value="pay" class="pay">${escapeHtml(texts.pay)}</button><button type="submit" name="outcome" value="fail" class="fail">${escapeHtml(texts.fail)}</button><button type="submit" name="outcome" value="later" class="fail">${escapeHtml(texts.payLater)}</button></div>
<p class="hint">${escapeHtml(texts.failHint)}</p>
<p class="hint">${escapeHtml(texts.laterHint)}</p>
</form>`;
  return documentOf(texts, `${summary}${notices}${form}${back}${languageLinks(texts, view.locale)}`);
}

/** For a token that is forged, altered or names no checkout: nothing about any order. */
export function renderInvalidPage(locale: Locale): string {
  const texts = pageTexts(locale);
  return documentOf(texts, `<p class="notice bad" role="alert">${escapeHtml(texts.invalid)}</p><p>${escapeHtml(texts.invalidHint)}</p>${languageLinks(texts, locale)}`);
}
