import { useEffect, useId, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { consoleStockProducts } from '../../../contract/stock.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleStockProducts as productsEndpoint, consoleStockReceive } from '../../lib/console-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { Buttons, Failure } from '../my-orders/form-parts.tsx';
import { AUTOFOCUS, Modal } from '../ui/Modal.tsx';
import { errorText } from './parts.tsx';
import { Field, PlaceSelect, useStockSend, whole } from './StockDialogs.tsx';
import type { Place, StockRow } from './StockParts.tsx';

type Product = ResponseOf<typeof consoleStockProducts>[number];

/** The stocked products whose name holds the words typed, asked again as the staff member types. */
function useProducts(q: string) {
  const [found, setFound] = useState<{ q: string; list: Product[] } | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    let live = true;
    setFailed('');
    callApi(productsEndpoint, q.trim() ? { q: q.trim() } : {}, { quiet: true }).then(
      (list) => live && setFound({ q, list }),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [q]);
  return { list: found?.q === q ? found.list : null, failed };
}

/**
 * Receives a product a place may never have held (docs/guide.md, Stock): the place (admins
 * looking at all places), the product found by name, its size or blade length, the quantity,
 * a tyre's DOT date code and a note.
 */
function ReceiveNewForm({ locale, location, places, onClose, onDone }: { locale: Locale; location: string | null; places: readonly Place[]; onClose: () => void; onDone: (row: StockRow) => void }) {
  const t = dictionary(locale).consoleStock;
  const id = useId();
  const [place, setPlace] = useState(location ?? '');
  const [q, setQ] = useState('');
  const [product, setProduct] = useState<Product | null>(null);
  const [sku, setSku] = useState('');
  const [quantity, setQuantity] = useState('');
  const [dot, setDot] = useState('');
  const [note, setNote] = useState('');
  const { list, failed } = useProducts(q);
  const { busy, problems, failure, send } = useStockSend(['location', 'sku', 'quantity', 'dot', 'note'], 'quantity');
  const sizes = product && product.skus.length > 1 ? product.skus : null;
  const chosen = product ? (sizes ? sku : product.skus[0]!.sku) : '';
  const choose = (p: Product) => {
    setProduct(p);
    setSku('');
  };
  const submit = () =>
    send(async () => {
      const n = whole(quantity);
      const row = await callApi(
        consoleStockReceive,
        { location: place, sku: chosen, quantity: n, ...(product?.tyre ? { dot: dot.trim() } : {}), ...(note.trim() ? { note: note.trim() } : {}) },
        { quiet: true },
      );
      notify('success', fill(t.received, { quantity: n, name: row.name }));
      onDone(row);
    });
  const sizeLabel = product?.tyre ? t.tyreSize : t.bladeLength;
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      {location === null && <PlaceSelect id={`${id}-place`} label={t.place} problem={problems.location} places={places} value={place} onChange={setPlace} />}
      <Field id={`${id}-find`} label={t.findProduct} hint={t.findHint} problem={sizes ? undefined : problems.sku}>
        {(aria) => <input {...aria} {...(location === null ? {} : AUTOFOCUS)} type="search" className="field-input min-h-11" maxLength={80} autoComplete="off" value={q} onChange={(e) => setQ(e.target.value)} />}
      </Field>
      {failed && <Failure text={failed} />}
      <fieldset className="space-y-1">
        <legend className="font-semibold">{t.product}</legend>
        {list === null && !failed && (
          <p className="text-sm text-slate-600" role="status">
            {t.finding}
          </p>
        )}
        {list?.length === 0 && <p className="text-sm text-slate-600">{t.noProduct}</p>}
        {list && list.length > 0 && (
          <ul className="max-h-56 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
            {list.map((p) => (
              <li key={p.productId}>
                <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded px-2 hover:bg-slate-50">
                  <input type="radio" className="size-5 shrink-0" name={`${id}-product`} checked={product?.productId === p.productId} onChange={() => choose(p)} />
                  <span className="break-words">{p.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {product && !list?.some((p) => p.productId === product.productId) && <p className="text-sm">{fill(t.chosenProduct, { name: product.name })}</p>}
      </fieldset>
      {sizes && (
        <Field id={`${id}-size`} label={sizeLabel} problem={problems.sku}>
          {(aria) => (
            <select {...aria} className="field-input min-h-11 max-w-60" value={sku} onChange={(e) => setSku(e.target.value)}>
              <option value="">—</option>
              {sizes.map((s) => (
                <option key={s.sku} value={s.sku}>
                  {s.size}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field id={`${id}-quantity`} label={t.quantity} problem={problems.quantity}>
        {(aria) => <input {...aria} className="field-input min-h-11 max-w-40 tabular-nums" inputMode="numeric" autoComplete="off" value={quantity} onChange={(e) => setQuantity(e.target.value)} />}
      </Field>
      {product?.tyre && (
        <Field id={`${id}-dot`} label={t.dot} hint={t.dotHint} problem={problems.dot}>
          {(aria) => <input {...aria} className="field-input min-h-11 max-w-40 tabular-nums" inputMode="numeric" autoComplete="off" maxLength={4} value={dot} onChange={(e) => setDot(e.target.value)} />}
        </Field>
      )}
      <Field id={`${id}-note`} label={t.note} problem={problems.note}>
        {(aria) => <input {...aria} className="field-input min-h-11" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <Failure text={failure} />
      <Buttons action={t.save} back={t.back} busy={busy} working={t.working} onBack={onClose} />
    </form>
  );
}

/**
 * "Receive new stock" above the list: workshop staff receive at their workshop, an admin at the
 * place shown, or at a place chosen in the dialog when all places are shown.
 */
export function ReceiveNew({ locale, location, places, placeName, onReceived }: { locale: Locale; location: string | null; places: readonly Place[]; placeName: (id: string) => string; onReceived: (row: StockRow) => void }) {
  const t = dictionary(locale).consoleStock;
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(0);
  return (
    <>
      <button
        type="button"
        className="btn-primary min-h-11"
        onClick={() => {
          setOpened((n) => n + 1);
          setOpen(true);
        }}
      >
        {t.receiveNew}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t.receiveNew} closeLabel={t.close}>
        {open && (
          <div className="space-y-4">
            {location !== null && <p className="text-slate-700">{fill(t.at, { place: placeName(location) })}</p>}
            <ReceiveNewForm
              key={opened}
              locale={locale}
              location={location}
              places={places}
              onClose={() => setOpen(false)}
              onDone={(row) => {
                setOpen(false);
                onReceived(row);
              }}
            />
          </div>
        )}
      </Modal>
    </>
  );
}
