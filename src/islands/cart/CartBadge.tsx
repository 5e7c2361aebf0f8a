import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, href, plural } from '../../i18n/index.ts';
import { $cartCount } from '../../stores/cart.ts';
import { useClientStore } from '../ui/useClientStore.ts';

/** The top bar's cart: a link to checkout with the number of items on it. */
export default function CartBadge({ locale }: { locale: Locale }) {
  const t = dictionary(locale).nav;
  const count = useClientStore($cartCount, 0);
  return (
    <a
      href={href(locale, 'confirm')}
      aria-label={plural(locale, t.cartCount, count)}
      className="relative inline-flex min-h-11 min-w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="9" cy="21" r="1" />
        <circle cx="20" cy="21" r="1" />
        <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
      </svg>
      {count > 0 && (
        <span aria-hidden="true" className="absolute right-0 top-0 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs font-bold leading-5 text-white">
          {count}
        </span>
      )}
    </a>
  );
}
