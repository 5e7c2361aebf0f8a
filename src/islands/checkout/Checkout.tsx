import { lazy, Suspense } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import type { CityPlace } from '../../lib/places.ts';
import { $cart } from '../../stores/cart.ts';
import { lineFromQuery } from '../../stores/product-choice.ts';
import { $session } from '../../stores/user.ts';
import LoginGate from '../login/LoginGate.tsx';
import { useClientStore } from '../ui/useClientStore.ts';
import type { TyrePromise } from './CheckoutPage.tsx';
import { EmptyCart } from './EmptyCart.tsx';

/**
 * The checkout's form is loaded once there is a customer to fill it in: logged out, the page
 * fetches only the login it asks for. A tab that holds a login asks for the form's code as soon
 * as this island's code runs, beside its own hydration.
 */
const loadPage = () => import('./CheckoutPage.tsx');
const CheckoutPage = lazy(() => loadPage().catch(() => ({ default: NotLoaded })));
if (typeof window !== 'undefined' && $session.get()) loadPage().catch(() => {});

interface Props {
  locale: Locale;
  cities: CityPlace[];
  tyres: TyrePromise;
  unstocked: string[];
}

/** The checkout page: for logged-in customers only. */
export default function Checkout(props: Props) {
  return (
    <LoginGate locale={props.locale}>
      <Suspense fallback={<Waiting locale={props.locale} />}>
        <CheckoutPage {...props} />
      </Suspense>
    </LoginGate>
  );
}

/** While the form's code is on its way: an empty cart as the page drew it, or a word that it is coming. */
function Waiting({ locale }: { locale: Locale }) {
  const cart = useClientStore($cart, []);
  if (!cart.length && !lineFromQuery(location.search)) return <EmptyCart locale={locale} />;
  return (
    <p role="status" className="text-slate-600">
      {dictionary(locale).dialogs.loading}
    </p>
  );
}

/** The form's code could not be fetched: said, with a way to try again. */
function NotLoaded({ locale }: Props) {
  const t = dictionary(locale);
  return (
    <div role="alert" className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <p className="mb-4">{t.dialogs.failed}</p>
      <button type="button" className="btn-primary" onClick={() => location.reload()}>
        {t.errors.refreshPage}
      </button>
    </div>
  );
}
