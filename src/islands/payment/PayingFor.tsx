import type { Locale } from '../../../contract/rules/language.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { stateWords } from '../../../contract/rules/postcode.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { vanWindowEnd } from '../../lib/van-window.ts';
import type { OrderDetailDto } from './types.ts';

/**
 * What the payment is for, before the customer pays: the fitting with its workshop, date and
 * time; the pickup with its workshop; the parcel with the address it goes to; or the van with
 * the address it comes to and its window.
 */
export function PayingFor({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const d = dictionary(locale);
  const t = d.payment;
  const { store, appointment: when, address } = order;
  const colon = locale === 'zh-cn' ? '：' : ': ';
  const mobile = order.method === 'mobile';
  return (
    <section aria-labelledby="paying-for-heading" className="space-y-1 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="paying-for-heading" className="text-sm font-semibold text-slate-600">
        {t.payingFor}
      </h2>
      <p className="text-lg font-bold">{d.checkout[order.method]}</p>
      {/* At the customer's place the workshop is only the van's base: the address and window say where and when. */}
      {store && !mobile && (
        <p>
          <span className="block font-semibold">{store.name}</span>
          <span className="block text-slate-700">{store.address}</span>
        </p>
      )}
      {when && !mobile && (
        <p>
          <span className="font-semibold">{t.when}
            {colon}
          </span>
          {fill(t.at, { date: dateWords(when.date, locale), time: when.time, end: when.endTime })}
        </p>
      )}
      {mobile && when && (
        <p>
          <span className="font-semibold">{t.window}
            {colon}
          </span>
          {fill(t.windowAt, { date: dateWords(when.date, locale), time: when.time, end: vanWindowEnd(when.time) })}
        </p>
      )}
      {mobile && address && (
        <p>
          <span className="font-semibold">{t.fitAt}
            {colon}
          </span>
          {[address.line1, address.line2, `${address.postcode} ${address.city}`, stateWords(address.state, locale)].filter(Boolean).join(', ')}
        </p>
      )}
      {order.method === 'mail' && address && (
        <p>
          <span className="font-semibold">{t.deliverTo}
            {colon}
          </span>
          {[address.recipient, address.line1, address.line2, `${address.postcode} ${address.city}`, stateWords(address.state, locale)].filter(Boolean).join(', ')}
        </p>
      )}
    </section>
  );
}
