import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, href } from '../../i18n/index.ts';
import { orderTabs, searchOfTab, tabFilter, type OrderTab } from '../../lib/my-orders.ts';
import type { TabCounts } from './format.ts';

const countOf = (counts: TabCounts | undefined, tab: OrderTab) => counts?.[tabFilter(tab) ?? 'ALL'];

/** Every tab's count for a customer with no orders. */
export const noCounts = (): TabCounts => ({ ALL: 0, PENDING_PAYMENT: 0, UPCOMING: 0, IN_PROGRESS: 0, COMPLETED: 0, CANCELLED: 0, REFUNDED: 0, REFUND: 0 });

/**
 * My Orders' tabs with their counts. The page also draws them before its island wakes (with
 * an empty list, for a customer known to have none), so both must draw the same.
 */
export function OrderTabs({ locale, tab, counts, pathname, onChoose }: { locale: Locale; tab: OrderTab; counts: TabCounts | undefined; pathname: string; onChoose?: (tab: OrderTab) => (e: React.MouseEvent) => void }) {
  const t = dictionary(locale).myOrders;
  return (
    <nav aria-label={t.tabsLabel} className="-mx-4 overflow-x-auto px-4 pb-1">
      <ul className="flex gap-2 whitespace-nowrap sm:flex-wrap">
        {orderTabs.map((each) => (
          <li key={each}>
            <a
              href={`${pathname}${searchOfTab(each)}`}
              aria-current={each === tab ? 'page' : undefined}
              onClick={onChoose?.(each)}
              className={`flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold ${each === tab ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}
            >
              {t.tabs[each]}
              <span className={`min-w-6 rounded-full px-1.5 text-center text-sm ${each === tab ? 'bg-white/20' : 'bg-slate-100'}`}>{countOf(counts, each) ?? ''}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A tab with no orders in it. */
export function NoOrders({ locale, tab }: { locale: Locale; tab: OrderTab }) {
  const t = dictionary(locale).myOrders;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <p className="text-lg">{tab === 'all' ? t.emptyAll : t.emptyTab}</p>
      <a className="btn-primary mt-4" href={href(locale, 'home')}>
        {t.shop}
      </a>
    </div>
  );
}
