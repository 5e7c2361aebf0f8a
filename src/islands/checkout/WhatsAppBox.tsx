import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';

/**
 * "Send my order updates on WhatsApp", in the words the shop stores with the consent
 * (contract/rules/messages: consent.whatsapp), with a line on what comes by SMS.
 */
export function WhatsAppBox({ locale, checked, onChange }: { locale: Locale; checked: boolean; onChange: (checked: boolean) => void }) {
  const t = dictionary(locale).checkout;
  return (
    <div className="flex items-start gap-3">
      <input id="order-whatsapp" type="checkbox" className="mt-1 h-5 w-5 shrink-0" checked={checked} aria-describedby="order-whatsapp-hint" onChange={(e) => onChange(e.currentTarget.checked)} />
      <div>
        <label htmlFor="order-whatsapp" className="font-semibold">
          {t.whatsapp}
        </label>
        <p id="order-whatsapp-hint" className="text-sm text-slate-600">
          {t.whatsappHint}
        </p>
      </div>
    </div>
  );
}
