import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import { Code } from '../../../contract/codes.ts';
import { momentWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import type { consoleStockHistory } from '../../../contract/stock.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { consoleStockAdjust, consoleStockHistory as historyEndpoint, consoleStockReceive, consoleStockTransfer } from '../../lib/console-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { Buttons, Failure } from '../my-orders/form-parts.tsx';
import { AUTOFOCUS, Modal } from '../ui/Modal.tsx';
import { errorText, LoadFailed } from './parts.tsx';
import { batchWords, count, isTyreSku, refusedField, type Place, type StockRow } from './StockParts.tsx';

export type StockAction = 'receive' | 'adjust' | 'transfer' | 'history';
type Texts = ReturnType<typeof dictionary>['consoleStock'];
type Problems = Record<string, string>;

/** A labelled field with the refusal that names it shown under it. */
export function Field({ id, label, hint, problem, children }: { id: string; label: string; hint?: string; problem?: string; children: (aria: Record<string, unknown>) => ReactNode }) {
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': described || undefined })}
      {problem && (
        <p id={`${id}-problem`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * Sends a change once at a time. A refusal naming one of the form's fields is shown at that
 * field; one naming none (807: fewer units, below what orders hold) at `main`; anything else above
 * the buttons.
 */
export function useStockSend(fields: readonly string[], main: string) {
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState('');
  const send = async (call: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setProblems({});
    setFailure('');
    try {
      await call();
    } catch (err) {
      const field = refusedField(err);
      if (fields.includes(field)) setProblems({ [field]: errorText(err) });
      else if (!field && err instanceof ApiFailure && err.code === Code.WARNING) setProblems({ [main]: errorText(err) });
      else setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problems, failure, send };
}

/** A whole number typed, or NaN (the server words the refusal). */
export const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

interface FormProps {
  locale: Locale;
  row: StockRow;
  onClose: () => void;
  onDone: () => void;
}

function ReceiveForm({ locale, row, onClose, onDone }: FormProps) {
  const t = dictionary(locale).consoleStock;
  const id = useId();
  const tyre = isTyreSku(row.sku);
  const [quantity, setQuantity] = useState('');
  const [dot, setDot] = useState('');
  const [note, setNote] = useState('');
  const { busy, problems, failure, send } = useStockSend(['quantity', 'dot', 'note'], 'quantity');
  const submit = () =>
    send(async () => {
      const n = whole(quantity);
      await callApi(consoleStockReceive, { location: row.location, sku: row.sku, quantity: n, ...(tyre ? { dot: dot.trim() } : {}), ...(note.trim() ? { note: note.trim() } : {}) }, { quiet: true });
      notify('success', fill(t.received, { quantity: n, name: row.name }));
      onDone();
    });
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Field id={`${id}-quantity`} label={t.quantity} problem={problems.quantity}>
        {(aria) => <input {...aria} {...AUTOFOCUS} className="field-input min-h-11 max-w-40 tabular-nums" inputMode="numeric" autoComplete="off" value={quantity} onChange={(e) => setQuantity(e.target.value)} />}
      </Field>
      {tyre && (
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

/** The batch a tyre's count or transfer is about: one of the row's, oldest first. */
function BatchField({ locale, id, row, value, onChange, problem }: { locale: Locale; id: string; row: StockRow; value: string; onChange: (dot: string) => void; problem?: string }) {
  const t = dictionary(locale).consoleStock;
  return (
    <Field id={id} label={t.batch} problem={problem}>
      {(aria) => (
        <select {...aria} className="field-input min-h-11" value={value} onChange={(e) => onChange(e.target.value)}>
          {row.batches.map((b) => (
            <option key={b.dot} value={b.dot}>
              {`${batchWords(locale, b.dot)} · ${count(b.onHand)}${b.aged ? ` · ${t.aged}` : ''}`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function AdjustForm({ locale, row, onClose, onDone }: FormProps) {
  const t = dictionary(locale).consoleStock;
  const id = useId();
  const tyre = isTyreSku(row.sku);
  const [dot, setDot] = useState(row.batches[0]?.dot ?? '');
  const batch = row.batches.find((b) => b.dot === dot);
  const [onHand, setOnHand] = useState(String(batch?.onHand ?? row.onHand));
  const [reason, setReason] = useState('');
  const { busy, problems, failure, send } = useStockSend(['dot', 'onHand', 'reason'], 'onHand');
  const submit = () =>
    send(async () => {
      const n = whole(onHand);
      await callApi(consoleStockAdjust, { location: row.location, sku: row.sku, ...(tyre ? { dot } : {}), onHand: n, reason: reason.trim() }, { quiet: true });
      notify('success', fill(t.adjusted, { name: row.name, onHand: n }));
      onDone();
    });
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      {tyre && (
        <BatchField
          locale={locale}
          id={`${id}-dot`}
          row={row}
          value={dot}
          problem={problems.dot}
          onChange={(d) => {
            setDot(d);
            setOnHand(String(row.batches.find((b) => b.dot === d)?.onHand ?? 0));
          }}
        />
      )}
      <Field id={`${id}-count`} label={t.newCount} problem={problems.onHand}>
        {(aria) => <input {...aria} {...AUTOFOCUS} className="field-input min-h-11 max-w-40 tabular-nums" inputMode="numeric" autoComplete="off" value={onHand} onChange={(e) => setOnHand(e.target.value)} />}
      </Field>
      <Field id={`${id}-reason`} label={t.reason} problem={problems.reason}>
        {(aria) => <input {...aria} className="field-input min-h-11" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <Failure text={failure} />
      <Buttons action={t.save} back={t.back} busy={busy} working={t.working} onBack={onClose} />
    </form>
  );
}

function TransferForm({ locale, row, places, placeName, onClose, onDone }: FormProps & { places: readonly Place[]; placeName: (id: string) => string }) {
  const t = dictionary(locale).consoleStock;
  const id = useId();
  const tyre = isTyreSku(row.sku);
  const others = places.filter((p) => p.id !== row.location);
  // Chosen on purpose: no place is offered first.
  const [to, setTo] = useState('');
  const [dot, setDot] = useState(row.batches.find((b) => !b.aged)?.dot ?? row.batches[0]?.dot ?? '');
  const [quantity, setQuantity] = useState('');
  const { busy, problems, failure, send } = useStockSend(['to', 'dot', 'quantity'], 'quantity');
  const submit = () =>
    send(async () => {
      const n = whole(quantity);
      await callApi(consoleStockTransfer, { from: row.location, to, sku: row.sku, ...(tyre ? { dot } : {}), quantity: n }, { quiet: true });
      notify('success', fill(t.transferred, { quantity: n, name: row.name, place: placeName(to) }));
      onDone();
    });
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <PlaceSelect id={`${id}-to`} label={t.to} problem={problems.to} places={others} value={to} onChange={setTo} />
      {tyre && <BatchField locale={locale} id={`${id}-dot`} row={row} value={dot} onChange={setDot} problem={problems.dot} />}
      <Field id={`${id}-quantity`} label={t.quantity} problem={problems.quantity}>
        {(aria) => <input {...aria} className="field-input min-h-11 max-w-40 tabular-nums" inputMode="numeric" autoComplete="off" value={quantity} onChange={(e) => setQuantity(e.target.value)} />}
      </Field>
      <Failure text={failure} />
      <Buttons action={t.save} back={t.back} busy={busy} working={t.working} onBack={onClose} />
    </form>
  );
}

/** A place to choose on purpose (none chosen first), focused as the dialog opens. */
export function PlaceSelect({ id, label, problem, places, value, onChange }: { id: string; label: string; problem?: string; places: readonly Place[]; value: string; onChange: (id: string) => void }) {
  return (
    <Field id={id} label={label} problem={problem}>
      {(aria) => (
        <select {...aria} {...AUTOFOCUS} className="field-input min-h-11" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">—</option>
          {places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type Movement = ResponseOf<typeof consoleStockHistory>[number];

/** A movement's units with their sign: +4 in, −3 out. */
const signed = (n: number) => (n > 0 ? `+${count(n)}` : n < 0 ? `−${count(-n)}` : '0');

/** One movement: what, how many, the counts before and after, who and when. */
function MovementItem({ locale, t, m, at, placeName }: { locale: Locale; t: Texts; m: Movement; at: string; placeName: (id: string) => string }) {
  const { from, to } = m.details;
  const where = m.kind !== 'transfer' || typeof from !== 'string' || typeof to !== 'string' ? '' : from === at ? ` → ${placeName(to)}` : ` ← ${placeName(from)}`;
  const who = /^\+?\d[\d\s-]*$/.test(m.by) ? formatPhone(m.by) : m.by;
  return (
    <li className="space-y-1 rounded-xl border border-slate-200 p-3">
      <p className="font-semibold">
        {t.kinds[m.kind]} · <span className="tabular-nums">{signed(m.quantity)}</span>
        {m.dot && ` · ${batchWords(locale, m.dot)}`}
        {where}
      </p>
      <p className="text-sm tabular-nums">
        {fill(t.onHandChange, { before: m.onHandBefore, after: m.onHandAfter })}
        {m.reservedBefore !== m.reservedAfter && `, ${fill(t.reservedChange, { before: m.reservedBefore, after: m.reservedAfter })}`}
      </p>
      {m.note && <p className="text-sm break-words">{m.note}</p>}
      <p className="text-sm text-slate-600">
        {momentWords(m.at, locale)}
        {who && ` · ${fill(t.by, { who })}`}
      </p>
    </li>
  );
}

function History({ locale, row, placeName }: { locale: Locale; row: StockRow; placeName: (id: string) => string }) {
  const t = dictionary(locale).consoleStock;
  const [list, setList] = useState<Movement[] | null>(null);
  const [failed, setFailed] = useState('');
  const [again, setAgain] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed('');
    callApi(historyEndpoint, { location: row.location, sku: row.sku }, { quiet: true }).then(
      (l) => live && setList(l),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [row.location, row.sku, again]);
  if (failed) return <LoadFailed locale={locale} text={failed} onRetry={() => setAgain((n) => n + 1)} />;
  if (!list)
    return (
      <p className="text-slate-600" role="status">
        {t.loading}
      </p>
    );
  if (list.length === 0) return <p>{t.historyNone}</p>;
  return (
    <ol className="max-h-[60vh] space-y-2 overflow-y-auto" aria-label={t.history}>
      {list.map((m, i) => (
        <MovementItem key={i} locale={locale} t={t} m={m} at={row.location} placeName={placeName} />
      ))}
    </ol>
  );
}

/** The row action's dialog: receive, correct a count, transfer (admins) or the history. */
export function StockDialog({
  locale,
  open,
  places,
  placeName,
  onClose,
  onChanged,
}: {
  locale: Locale;
  open: { kind: StockAction; row: StockRow } | null;
  places: readonly Place[];
  placeName: (id: string) => string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = dictionary(locale).consoleStock;
  const titles: Record<StockAction, string> = { receive: t.receiveTitle, adjust: t.adjustTitle, transfer: t.transferTitle, history: t.historyTitle };
  const done = () => {
    onClose();
    onChanged();
  };
  const body = () => {
    if (!open) return null;
    const props = { locale, row: open.row, onClose, onDone: done };
    switch (open.kind) {
      case 'receive':
        return <ReceiveForm {...props} />;
      case 'adjust':
        return <AdjustForm {...props} />;
      case 'transfer':
        return <TransferForm {...props} places={places} placeName={placeName} />;
      case 'history':
        return <History locale={locale} row={open.row} placeName={placeName} />;
    }
  };
  return (
    <Modal open={open !== null} onClose={onClose} title={open ? fill(titles[open.kind], { name: open.row.name }) : ''} closeLabel={t.close}>
      {open && (
        <div className="space-y-4">
          <p className="text-slate-700">{fill(t.at, { place: placeName(open.row.location) })}</p>
          <div key={`${open.kind}|${open.row.location}|${open.row.sku}`}>{body()}</div>
        </div>
      )}
    </Modal>
  );
}
