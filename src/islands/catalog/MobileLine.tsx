import { useEffect, useState } from 'react';
import type { RequestOf } from '../../../contract/call.ts';
import type { LineOptions } from '../../../contract/line.ts';
import type { storeMobileWindows as windowsCall } from '../../../contract/mobile.ts';
import { dayTimeWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { serviceTax } from '../../../contract/rules/price.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { postcodeForCheckout } from '../../lib/draft-postcode.ts';
import { storeMobileWindows } from '../../lib/mobile-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { $session } from '../../stores/user.ts';

const tabStorage = () => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

interface Props {
  locale: Locale;
  productId: string;
  quantity: number;
  options: LineOptions | undefined;
  /** The car's variant, when chosen: the job is timed for it. */
  variantId: string | undefined;
}

/**
 * "Fitted at your place?" (docs/contracts/running-the-business.md §2): once the postcode has five
 * digits, whether a van comes there for this product, its visit fee with tax and its first free
 * window; or that no van comes there yet, or the server's words when the product is not fitted on
 * site. A call that fails otherwise says nothing: the price and the Order button never wait on it.
 */
export function MobileLine({ locale, productId, quantity, options, variantId }: Props) {
  const t = dictionary(locale).product;
  const [typed, setTyped] = useState('');
  const postcode = /^\d{5}$/.test(typed) ? typed : '';
  const ask = postcode ? JSON.stringify({ postcode, items: [{ productId, quantity, ...(options && Object.keys(options).length ? { options } : {}) }], ...(variantId ? { variantId } : {}) }) : '';
  const [answer, setAnswer] = useState<{ ask: string; words: string; kind: 'covered' | 'notCovered' | 'notOnSite' } | null>(null);

  useEffect(() => {
    if (!postcode) return;
    // The checkout's address starts from it (a logged-in customer's draft in this tab).
    const user = $session.get()?.user;
    if (user) postcodeForCheckout(tabStorage(), user, postcode);
  }, [postcode]);

  useEffect(() => {
    if (!ask) return;
    let live = true;
    const request = JSON.parse(ask) as RequestOf<typeof windowsCall>;
    callApi(storeMobileWindows, request, { quiet: true }).then(
      (van) => {
        if (!live) return;
        if (!van.covered) return setAnswer({ ask, kind: 'notCovered', words: fill(t.mobileNotCovered, { postcode: request.postcode }) });
        const fee = formatRM(van.visitFeeSen + serviceTax(van.visitFeeSen), locale);
        const first = van.windows.find((w) => w.free);
        const when = first ? fill(t.mobileFirstWindow, { window: `${dayTimeWords(first.date, first.start, locale)}–${first.end}` }) : t.mobileNoWindow;
        setAnswer({ ask, kind: 'covered', words: `${fill(t.mobileCovered, { postcode: request.postcode, fee })} ${when}` });
      },
      (err: unknown) => {
        // A product not fitted on site is refused with its reason (807); any other failure says nothing.
        if (live && err instanceof ApiFailure && err.code === 807) setAnswer({ ask, kind: 'notOnSite', words: err.message });
      },
    );
    return () => {
      live = false;
    };
  }, [ask, locale, t]);

  const shown = answer?.ask === ask && ask ? answer : null;
  return (
    <div className="space-y-1 text-sm" data-mobile-line>
      <label className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t.mobileAsk}</span>
        <input
          className="field-input w-36"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder={t.mobilePostcode}
          aria-label={t.mobilePostcode}
          value={typed}
          onInput={(e) => setTyped(e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
        />
      </label>
      {shown && (
        <p role="status" data-mobile={shown.kind} className={shown.kind === 'covered' ? 'text-green-800' : 'text-slate-700'}>
          {shown.words}
        </p>
      )}
    </div>
  );
}
