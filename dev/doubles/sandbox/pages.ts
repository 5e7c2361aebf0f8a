import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isLocale, localeFromHeader, type Locale } from '../../../contract/rules/language.ts';
import { renderCheckoutPage, renderInvalidPage, styleSource, type PageError, type PageState } from './page.ts';
import { isBankCode, isPayMethod, type Checkout, type Press, type SandboxProvider } from './provider.ts';

/** ?lang= when it names one of ours, else the checkout's language (else the browser's). */
function localeOf(c: Context, checkout: Checkout | null): Locale {
  const asked = c.req.query('lang');
  if (isLocale(asked)) return asked;
  if (checkout && isLocale(checkout.locale)) return checkout.locale;
  return localeFromHeader(c.req.header('accept-language'));
}

function pageHeaders(c: Context, returnUrl: string | null) {
  const formTargets = ["'self'", returnUrl ? new URL(returnUrl).origin : ''].filter(Boolean).join(' ');
  c.header('Cache-Control', 'no-store');
  // The form posts here, then the answer redirects to the shop (form-action covers both).
  c.header('Content-Security-Policy', `default-src 'none'; style-src ${styleSource}; form-action ${formTargets}; base-uri 'none'; frame-ancestors 'none'`);
  c.header('Referrer-Policy', 'no-referrer');
}

/**
 * The sandbox's hosted payment page, mounted by the server at /pay/sandbox (outside /api):
 * GET /pay/sandbox/<token> shows it, POST records Pay or Fail, sends the signed callback and
 * returns the browser to the shop with 303.
 */
export function sandboxPages(provider: SandboxProvider) {
  const pages = new Hono();

  const invalid = (c: Context) => {
    pageHeaders(c, null);
    return c.html(renderInvalidPage(localeOf(c, null)), 404);
  };

  function show(c: Context, checkout: Checkout, options: { state?: PageState; press?: Partial<Press>; error?: PageError; status?: 200 | 400 | 409 } = {}) {
    pageHeaders(c, checkout.returnUrl);
    const state = options.state ?? provider.pageState(checkout);
    const html = renderCheckoutPage({
      locale: localeOf(c, checkout),
      token: c.req.param('token')!,
      orderNo: checkout.orderNo,
      amountSen: checkout.amountSen,
      expiresAt: checkout.expiresAt,
      now: provider.now(),
      state,
      methods: provider.methods,
      method: options.press?.method ?? (isPayMethod(checkout.payMethod) ? checkout.payMethod : 'fpx'),
      bankCode: options.press?.bankCode !== undefined ? options.press.bankCode : checkout.bankCode,
      returnUrl: checkout.returnUrl,
      error: options.error,
    });
    return c.html(html, options.status ?? 200);
  }

  pages.get('/:token', async (c) => {
    const checkout = await provider.openCheckout(c.req.param('token'));
    return checkout ? show(c, checkout) : invalid(c);
  });

  pages.post('/:token', bodyLimit({ maxSize: 4096, onError: (c) => c.text('Too large', 413, { Connection: 'close' }) }), async (c) => {
    const checkout = await provider.openCheckout(c.req.param('token'));
    if (!checkout) return invalid(c);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      form = {};
    }
    const outcome = form.outcome;
    const method = form.method === undefined && outcome === 'fail' ? checkout.payMethod : form.method;
    const bank = typeof form.bank === 'string' && form.bank !== '' ? form.bank : null;
    const chosen: Partial<Press> = { method: isPayMethod(method) ? method : undefined, bankCode: bank };
    if (outcome !== 'pay' && outcome !== 'fail' && outcome !== 'later') return show(c, checkout, { press: chosen, error: 'errorOutcome', status: 400 });
    if (!isPayMethod(method) || !provider.methods.includes(method)) return show(c, checkout, { press: chosen, error: 'errorMethod', status: 400 });
    // The bank list is sent whatever the method; it only counts for FPX.
    const bankCode = method === 'fpx' ? bank : null;
    if (method === 'fpx' && (bankCode === null ? outcome !== 'fail' : !isBankCode(bankCode))) {
      return show(c, checkout, { press: chosen, error: 'errorBank', status: 400 });
    }
    const result = await provider.press(checkout, { outcome, method, bankCode });
    if (!result.done) return show(c, result.checkout, { state: result.state, status: 409 });
    return c.redirect(result.returnUrl, 303);
  });

  return pages;
}
