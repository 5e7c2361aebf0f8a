import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import type { PayMethod } from '../../../contract/rules/order-status.ts';
import { atomePayments } from '../../../contract/rules/pay-later.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderPay } from '../../lib/order-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { clock, secondsUntil } from '../../lib/pay-time.ts';
import { firstChoice, offeredFor, saveChoice, savedChoice, type Offered } from '../../lib/pay-choice.ts';

/** Marks that the customer left for the provider's page, so their return can say how it went. */
export const startedKey = (orderNo: string) => `servauto.paying.${orderNo}`;

/** sessionStorage, or nothing where the browser blocks it (or outside a browser). */
const tabStorage = (): Storage | undefined => {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
};

interface Props {
  locale: Locale;
  orderNo: string;
  totalSen: number;
  /** What the provider takes now: only these methods and banks are offered, in this order (Atome from its minimum up). */
  offered: Offered;
  /** Epoch ms when paying ends, from the server's seconds left (the device clock may be off). */
  deadline: number;
  /** The method of the order's last attempt to pay, chosen again when this tab has no choice of its own. */
  lastMethod?: PayMethod | undefined;
  onTimeOver: () => void;
}

/** The time left, the methods Malaysians pay with, and Pay, which opens the provider's page. */
export function PayForm({ locale, orderNo, totalSen, offered: provided, deadline, lastMethod, onTimeOver }: Props) {
  const t = dictionary(locale).payment;
  const offered = offeredFor(provided, totalSen);
  const [left, setLeft] = useState(() => secondsUntil(deadline, Date.now()));
  const [chosen] = useState(() => firstChoice(offered, savedChoice(tabStorage(), orderNo), lastMethod));
  const [method, setMethod] = useState<PayMethod | null>(chosen.method);
  const [bank, setBank] = useState(chosen.bank);
  const [bankError, setBankError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => {
      const now = secondsUntil(deadline, Date.now());
      setLeft(now);
      if (now === 0) {
        clearInterval(timer);
        onTimeOver();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, onTimeOver]);

  // Atome's three payments, the first today (docs/contracts/running-the-business.md §4).
  const atome = method === 'atome' ? atomePayments(totalSen).map((sen) => formatRM(sen, locale)) : null;

  const pay = async () => {
    if (busy || !method) return;
    if (method === 'fpx' && !bank) {
      setBankError(t.chooseBank);
      return;
    }
    setBusy(true);
    saveChoice(tabStorage(), orderNo, { method, bank });
    try {
      const { redirectUrl } = await callApi(orderPay, { orderNo, payMethod: method, ...(method === 'fpx' ? { bankCode: bank } : {}) });
      try {
        sessionStorage.setItem(startedKey(orderNo), '1');
      } catch {
        /* storage blocked: the return page still asks the server */
      }
      location.assign(redirectUrl);
    } catch {
      setBusy(false);
    }
  };

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      <p className="rounded-lg bg-amber-50 p-3 font-semibold text-amber-900" role="timer" aria-live="off">
        {fill(t.timeLeft, { time: clock(left) })}
      </p>
      <fieldset>
        <legend className="mb-2 text-lg font-bold">{t.methods}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {offered.methods.map((m) => (
            <label key={m} className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input type="radio" name="pay-method" value={m} checked={method === m} onChange={() => setMethod(m)} />
              <span className="font-semibold">{t[m]}</span>
            </label>
          ))}
        </div>
        {offered.methods.length === 0 && <p className="rounded-lg bg-slate-100 p-3 font-semibold">{t.noMethods}</p>}
      </fieldset>
      {atome && (
        <p className="rounded-lg bg-slate-100 p-3">
          {fill(t.atomeSplit, { first: atome[0]!, second: atome[1]!, last: atome[2]! })}
        </p>
      )}
      {method === 'fpx' && (
        <div>
          <label htmlFor="fpx-bank" className="mb-1 block font-semibold">
            {t.bank}
          </label>
          <select
            id="fpx-bank"
            className="field-input max-w-sm"
            value={bank}
            aria-invalid={Boolean(bankError)}
            aria-describedby={bankError ? 'fpx-bank-error' : undefined}
            onChange={(e) => {
              setBank(e.currentTarget.value);
              setBankError('');
            }}
          >
            <option value="">{t.chooseBank}</option>
            {offered.banks.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </select>
          {bankError && (
            <p id="fpx-bank-error" className="field-error" role="alert">
              {bankError}
            </p>
          )}
        </div>
      )}
      <button type="submit" className="btn-primary w-full text-lg sm:w-auto" disabled={busy || !method} aria-busy={busy}>
        {busy ? t.paying : fill(t.pay, { total: formatRM(totalSen, locale) })}
      </button>
    </form>
  );
}
