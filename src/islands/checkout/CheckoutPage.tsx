import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { plateNeeded } from '../../../contract/rules/order-required.ts';
import { fulfilmentMethods, type FulfilmentMethod } from '../../../contract/rules/order-status.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { dictionary, href } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import type { CheckoutForm } from '../../lib/checkout.ts';
import { giveErrors, problemWords, reviseErrors, sameErrors, type ShownErrors } from '../../lib/checkout-errors.ts';
import { checkoutKey, forgetCheckoutKey, missingFields, orderRequest, refusalTarget } from '../../lib/checkout-request.ts';
import type { CityPlace } from '../../lib/places.ts';
import { userChannels } from '../../lib/endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { cartQuote, orderAdd } from '../../lib/order-endpoints.ts';
import { $carInfo } from '../../stores/car.ts';
import { $cart, clearCart, removeFromCart, setCartQuantity } from '../../stores/cart.ts';
import { rememberWorkshop } from '../../stores/location.ts';
import { forgetNoOrders } from '../../stores/no-orders.ts';
import { lineFromQuery } from '../../stores/product-choice.ts';
import { $carPicker, chooseVariantOf } from '../../stores/ui.ts';
import { $session } from '../../stores/user.ts';
import { carLabel } from '../catalog/car-label.ts';
import { useClientStore } from '../ui/useClientStore.ts';
import { AddressFields } from './AddressFields.tsx';
import { CheckoutLines, type ShownLine } from './CheckoutLines.tsx';
import { CheckoutTotals, type MethodCheck } from './CheckoutTotals.tsx';
import { EmptyCart } from './EmptyCart.tsx';
import { ContactFields } from './ContactFields.tsx';
import { Field } from './Field.tsx';
import { MobileFitting } from './MobileFitting.tsx';
import { useCheckoutDraft } from './useCheckoutDraft.ts';
import { useFocusFirstError } from './useFocusFirstError.ts';
import { useQuote } from './useQuote.ts';
import { useRemembered } from './useRemembered.ts';
import { WhatsAppBox } from './WhatsAppBox.tsx';
import { WorkshopSlots } from './WorkshopSlots.tsx';

const tabStorage = () => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** Tyre products' ids, and the shop's promise about them in the page's language (worded at build). */
export interface TyrePromise {
  ids: string[];
  promise: string;
}

/** The checkout's form, for a logged-in customer (Checkout.tsx loads it once there is one). */
export default function CheckoutPage({ locale, cities, tyres, unstocked }: { locale: Locale; cities: CityPlace[]; tyres: TyrePromise; unstocked: string[] }) {
  const t = dictionary(locale).checkout;
  const carWords = dictionary(locale).car;
  const car = useClientStore($carInfo, null);
  const carName = carLabel(car, locale) ?? '';
  const variantId = car?.variantId ?? '';
  const cart = useClientStore($cart, []);
  // "Order now" opens checkout with its one line in the address; the cart otherwise.
  const [single, setSingle] = useState<ShownLine[] | null>(() => {
    const line = lineFromQuery(location.search);
    return line ? [{ ...line, carName, variantId, ...(car ? { modelId: car.modelId } : {}) }] : null;
  });
  const lines: ShownLine[] = single ?? cart;
  const items = lines.map(({ productId, quantity, options }) => ({ productId, quantity, ...(options && Object.keys(options).length ? { options } : {}) }));
  const itemsKey = JSON.stringify(items);

  const user = $session.get()?.user;
  // What was typed in this tab comes back after Back, Forward or a language switch.
  const [form, setForm, forgetDraft] = useCheckoutDraft(user?.id ?? '', () => ({
    plate: '',
    method: 'install',
    storeId: '',
    date: '',
    time: '',
    address: { recipient: user?.realName || user?.name || '', phone: user ? formatPhone(user.phone) : '', line1: '', line2: '', postcode: '', city: '', state: '' },
    contact: { name: user?.realName || user?.name || '', phone: user ? formatPhone(user.phone) : '', email: '' },
    notes: '',
    couponCode: '',
    couponApplied: false,
  }));
  // Each message with its field as it stood: a message goes as soon as its field is right.
  const [shown, setShown] = useState<ShownErrors>({});
  const errors = useMemo(() => Object.fromEntries(Object.entries(shown).map(([path, s]) => [path, s.message])), [shown]);
  const setErrors = (given: Record<string, string>) => setShown(giveErrors(given, form, variantId));
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [checks, setChecks] = useState<Partial<Record<FulfilmentMethod, MethodCheck>>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  // Counts up with each refusal, so the lines read the stock again.
  const [refusals, setRefusals] = useState(0);
  const placing = useRef(false);
  const [formRef, refused] = useFocusFirstError();
  // The name and this car's plate from the last checkout fill what is still blank.
  useRemembered(car, setForm);
  // The customer's choice of WhatsApp in force: what the box shows until they touch it. Read
  // quietly; unread (a failure), the box is off and the order leaves the choice as it is.
  const [whatsappInForce, setWhatsappInForce] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    callApi(userChannels, {}, { quiet: true }).then(
      (channels) => live && setWhatsappInForce(channels.whatsapp),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  const whatsapp = form.whatsapp ?? whatsappInForce;

  // The whole bill, priced by the server as the order will be.
  const { quote, problem: couponProblem, looks } = useQuote(items, variantId, form);
  // The order's refusal of a coupon was about the code that was there: it goes with it (see reviseErrors).
  const onCoupon = (couponCode: string, couponApplied: boolean) => setForm((f) => ({ ...f, couponCode, couponApplied }));

  // As the customer types, a message whose field is now right goes, and one still wrong says what is wrong now;
  // the postcode is held to the state as soon as both are filled in.
  useEffect(() => {
    setShown((now) => {
      const next = reviseErrors(now, form, variantId, (p) => problemWords(locale, p));
      return sameErrors(now, next) ? now : next;
    });
  }, [form, variantId, locale]);
  // "Please check the fields marked above" goes with the last mark.
  const marked = Object.keys(shown).length > 0;
  useEffect(() => {
    if (!marked) setFailure((f) => (f === t.fix ? '' : f));
  }, [marked, t.fix]);

  // Which methods every line allows: the server quotes the cart for each, or says which line it cannot take.
  useEffect(() => {
    let live = true;
    const list = JSON.parse(itemsKey);
    if (!list.length) return;
    Promise.all(
      fulfilmentMethods.map((method) =>
        callApi(cartQuote, { items: list, ...(variantId ? { variantId } : {}), method }, { quiet: true }).then(
          (): MethodCheck => ({ ok: true, message: '', lineIndex: null }),
          (err: unknown): MethodCheck => {
            const { field, lineIndex } = refusalTarget(err instanceof ApiFailure ? err.data : null);
            // A line waiting for the car's variant rules out no method: the line says what is missing.
            return { ok: field === 'variantId', message: err instanceof Error ? err.message : '', lineIndex };
          },
        ),
      ),
    ).then((answers) => {
      if (!live) return;
      const next = Object.fromEntries(fulfilmentMethods.map((m, i) => [m, answers[i]!]));
      setChecks(next);
      setForm((f) => (next[f.method]?.ok ? f : { ...f, method: fulfilmentMethods.find((m) => next[m]?.ok) ?? f.method }));
    });
    return () => {
      live = false;
    };
  }, [itemsKey, variantId, setForm]);

  const update = (patch: Partial<CheckoutForm>) => setForm((f) => ({ ...f, ...patch }));
  const onStore = useCallback((storeId: string) => setForm((f) => (f.storeId === storeId ? f : { ...f, storeId, date: '', time: '' })), [setForm]);
  const onSlot = useCallback((date: string, time: string) => setForm((f) => ({ ...f, date, time })), [setForm]);
  const onWindow = useCallback((window: CheckoutForm['window']) => setForm((f) => ({ ...f, window })), [setForm]);
  // No van comes to the postcode: fitted at the workshop the customer picked among the nearest.
  const onVanWorkshop = useCallback((storeId: string) => setForm((f) => ({ ...f, method: 'install', storeId, date: '', time: '' })), [setForm]);
  const changeQuantity = (i: number, quantity: number) => (single ? setSingle(single.map((l, n) => (n === i ? { ...l, quantity } : l))) : setCartQuantity(i, quantity));
  const remove = (i: number) => (single ? setSingle(single.filter((_, n) => n !== i)) : removeFromCart(i));

  // A line's problem with a method, or its wait for the car's variant, shows beside that line while the method is chosen.
  const blocked = checks[form.method];
  const lineProblems = { ...problems, ...(blocked?.message && blocked.lineIndex !== null ? { [blocked.lineIndex]: blocked.message } : {}) };
  // A line made for the exact car names itself as waiting for the variant: the car section then says no more.
  const lineWaits = Boolean(blocked?.ok && blocked.message && blocked.lineIndex !== null);

  const place = async () => {
    if (placing.current) return;
    const missing = missingFields(form);
    // Every problem the page can see shows at once: the car's missing variant with the blank fields
    // (unless a line already says it waits for the variant).
    const noVariant: Record<string, string> = !variantId && !lineWaits ? { variantId: car ? t.variantNeeded : t.noCar } : {};
    if (missing.length || !variantId) {
      setErrors({ ...noVariant, ...Object.fromEntries(missing.map((field) => [field, field === 'appointment' ? t.chooseTime : field === 'window' ? t.chooseWindow : t.required])) });
      setFailure(t.fix);
      refused();
      return;
    }
    placing.current = true;
    setBusy(true);
    setFailure('');
    setErrors({});
    setProblems({});
    try {
      const answer = await callApi(orderAdd, orderRequest(checkoutKey(tabStorage()), items, variantId, { ...form, whatsapp }) as never, { quiet: true });
      forgetCheckoutKey(tabStorage());
      forgetDraft();
      forgetNoOrders();
      if (form.method === 'install' || form.method === 'pickup') rememberWorkshop(form.storeId);
      if (!single) clearCart();
      location.assign(href(locale, `pages?orderNo=${encodeURIComponent(answer.orderNo)}`));
      return;
    } catch (err) {
      const { field, lineIndex } = refusalTarget(err instanceof ApiFailure ? err.data : null);
      const message = err instanceof Error ? err.message : String(err);
      if (lineIndex !== null) setProblems({ [lineIndex]: message });
      else if (field) setErrors({ [field]: message });
      setFailure(lineIndex !== null || field ? t.fix : message);
      setRefusals((n) => n + 1);
      refused();
    }
    placing.current = false;
    setBusy(false);
  };

  if (!lines.length) return <EmptyCart locale={locale} />;

  return (
    <form
      ref={formRef}
      className="grid gap-6 lg:grid-cols-[1fr_22rem]"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void place();
      }}
    >
      <div className="space-y-6">
        <section aria-labelledby="lines-heading" className="space-y-3">
          <h2 id="lines-heading" className="text-lg font-bold">
            {t.lines}
          </h2>
          <CheckoutLines locale={locale} lines={lines} quoted={quote?.lines ?? null} looks={looks} problems={lineProblems}
            currentCar={car}
            stock={{ unstocked, storeId: form.method === 'mobile' ? '' : form.storeId, place: form.method === 'mail' ? 'parcel' : 'store', refresh: refusals }}
            onQuantity={changeQuantity}
            onRemove={remove}
          />
          {lines.some((l) => tyres.ids.includes(l.productId)) && <p className="text-sm text-slate-700">{tyres.promise}</p>}
        </section>
        <section aria-labelledby="car-heading" className="space-y-3">
          <h2 id="car-heading" className="text-lg font-bold">
            {t.car}
          </h2>
          {car && <p className="font-semibold">{carName}</p>}
          {/* What the car still lacks, said once: here, unless a line already names itself as waiting for the variant. */}
          {errors.variantId ? (
            <p className="field-error" role="alert">
              {errors.variantId}
            </p>
          ) : !car ? (
            <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t.noCar}</p>
          ) : !variantId && !lineWaits ? (
            <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t.variantNeeded}</p>
          ) : null}
          {/* With the variant skipped the picker opens at that model's variant step. */}
          <button type="button" className="btn-secondary" onClick={() => (car && !variantId ? chooseVariantOf(car) : $carPicker.set(true))}>
            {!car ? t.chooseCar : !variantId ? carWords.chooseVariant : carWords.change}
          </button>
          {plateNeeded[form.method] && (
            <Field id="car-plate" label={t.plate} hint={t.plateHint} error={errors.carPlate}>
              {(p) => <input {...p} className="field-input max-w-xs uppercase" autoComplete="off" maxLength={20} value={form.plate} onInput={(e) => update({ plate: e.currentTarget.value })} />}
            </Field>
          )}
        </section>
        <fieldset>
          <legend className="mb-2 text-lg font-bold">{t.method}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {fulfilmentMethods.map((m) => {
              const check = checks[m];
              return (
                <label key={m} className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
                  <input type="radio" name="method" value={m} className="mt-1" checked={form.method === m} disabled={check ? !check.ok : false} onChange={() => update({ method: m })} />
                  <span>
                    <span className="block font-semibold">{t[m]}</span>
                    {check && !check.ok && <span className="block text-sm text-slate-700">{check.message}</span>}
                  </span>
                </label>
              );
            })}
          </div>
          {errors.method && <p className="field-error" role="alert">{errors.method}</p>}
        </fieldset>
        {form.method === 'mail' ? (
          <AddressFields locale={locale} value={form.address} errors={errors} onChange={(address) => update({ address })} />
        ) : form.method === 'mobile' ? (
          <MobileFitting locale={locale} items={items} variantId={variantId} address={form.address} window={form.window} visitFee={quote && formatRM(quote.visitFeeSen + quote.visitFeeTaxSen, locale)} refusals={refusals} errors={errors} onAddress={(address) => update({ address })} onWindow={onWindow} onWorkshop={onVanWorkshop} />
        ) : (
          <WorkshopSlots locale={locale} method={form.method} items={items} variantId={variantId} cities={cities} storeId={form.storeId} date={form.date} time={form.time} errors={errors} onStore={onStore} onSlot={onSlot} />
        )}
        <ContactFields locale={locale} form={form} errors={errors} onChange={update} />
        <WhatsAppBox locale={locale} checked={whatsapp === true} onChange={(checked) => update({ whatsapp: checked })} />
      </div>
      <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
        <CheckoutTotals
          locale={locale}
          method={form.method}
          quote={quote}
          check={checks[form.method]}
          state={form.address.state}
          couponCode={form.couponCode}
          couponApplied={form.couponApplied !== false}
          couponProblem={couponProblem}
          couponError={errors.couponCode}
          onCoupon={onCoupon}
        />
        <button type="submit" className="btn-primary w-full text-lg" disabled={busy} aria-busy={busy}>
          {busy ? t.placing : t.place}
        </button>
        {failure && (
          <p className="field-error" role="alert" data-summary>
            {failure}
          </p>
        )}
      </aside>
    </form>
  );
}
