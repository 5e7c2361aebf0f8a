import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderPage } from '../../lib/order-endpoints.ts';
import { hasMore, PAGE_SIZE, searchOfTab, tabFilter, tabOfSearch, type OrderTab } from '../../lib/my-orders.ts';
import { knownToHaveNoOrders, rememberOrders } from '../../stores/no-orders.ts';
import { $session } from '../../stores/user.ts';
import LoginGate from '../login/LoginGate.tsx';
import type { OrderCardDto, TabCounts } from './format.ts';
import { OrderCardView } from './OrderCardView.tsx';
import { NoOrders, noCounts, OrderTabs } from './OrderTabs.tsx';

/** /myorder-status: the customer's orders by status, for logged-in customers only (docs/contracts/shop.md §6). */
export default function MyOrders({ locale }: { locale: Locale }) {
  return (
    <LoginGate locale={locale}>
      <OrderList locale={locale} />
    </LoginGate>
  );
}

interface Listing {
  tab: OrderTab;
  list: OrderCardDto[];
  total: number;
  pageNum: number;
  counts: TabCounts;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function OrderList({ locale }: { locale: Locale }) {
  const t = dictionary(locale).myOrders;
  const [tab, setTab] = useState<OrderTab>(() => tabOfSearch(location.search));
  // A customer known to have no orders sees every tab empty at once (as the page drew it before
  // this woke); the list asked for below replaces it.
  const userId = $session.get()?.user.id ?? '';
  const [listing, setListing] = useState<Listing | null>(() => (knownToHaveNoOrders(userId) ? { tab, list: [], total: 0, pageNum: 1, counts: noCounts() } : null));
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState(false);
  const [reloads, setReloads] = useState(0);

  // Back and forward move between tabs.
  useEffect(() => {
    const onPop = () => setTab(tabOfSearch(location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    let live = true;
    setFailed('');
    setBusy(true);
    const status = tabFilter(tab);
    callApi(orderPage, { ...(status ? { status } : {}), pageNum: 1, pageSize: PAGE_SIZE }, { quiet: true })
      .then(
        (page) => {
          if (!live) return;
          setListing({ tab, list: page.list, total: page.total, pageNum: page.pageNum, counts: page.counts });
          rememberOrders(userId, page.counts.ALL);
        },
        (err: unknown) => live && setFailed(message(err)),
      )
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [tab, reloads, userId]);

  const more = async () => {
    if (!listing || busy) return;
    setBusy(true);
    const status = tabFilter(listing.tab);
    try {
      const page = await callApi(orderPage, { ...(status ? { status } : {}), pageNum: listing.pageNum + 1, pageSize: PAGE_SIZE }, { quiet: true });
      setListing((now) => {
        if (!now || now.tab !== listing.tab) return now;
        // An order placed meanwhile shifts the pages: one already shown is not shown twice.
        const seen = new Set(now.list.map((o) => o.orderNo));
        return { ...now, list: [...now.list, ...page.list.filter((o) => !seen.has(o.orderNo))], total: page.total, pageNum: page.pageNum, counts: page.counts };
      });
    } catch (err) {
      setFailed(message(err));
    } finally {
      setBusy(false);
    }
  };

  const choose = (next: OrderTab) => (e: React.MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    if (next === tab) return;
    history.pushState(null, '', `${location.pathname}${searchOfTab(next)}`);
    setTab(next);
  };
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const shown = listing?.tab === tab ? listing : null;
  return (
    <div className="space-y-4">
      <OrderTabs locale={locale} tab={tab} counts={listing?.counts} pathname={location.pathname} onChoose={choose} />
      {failed && (
        <div className="rounded-lg bg-red-50 p-4 text-red-900" role="alert">
          <p>{t.failed}</p>
          <p className="text-sm">{failed}</p>
          <button type="button" className="btn-secondary mt-2" onClick={reload}>
            {t.retry}
          </button>
        </div>
      )}
      {!shown && !failed && <p className="text-slate-600" role="status">{t.loading}</p>}
      {shown && shown.list.length === 0 && <NoOrders locale={locale} tab={tab} />}
      {shown && shown.list.length > 0 && (
        <>
          <ul className="grid gap-4 lg:grid-cols-2" aria-busy={busy}>
            {shown.list.map((card) => (
              <li key={card.orderNo}>
                <OrderCardView locale={locale} card={card} onDone={reload} />
              </li>
            ))}
          </ul>
          <p className="text-center text-sm text-slate-600">{fill(t.shown, { shown: shown.list.length, total: shown.total })}</p>
          {hasMore(shown.list.length, shown.total) && (
            <div className="text-center">
              <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void more()}>
                {busy ? t.loadingMore : t.more}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
