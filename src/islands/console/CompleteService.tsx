import { useEffect, useId, useState } from 'react';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { completeProblems, firstProblem, NOT_RESERVED_MAX, notReservedProblem, placeOf, reservedOffers, type CompleteField, type CompleteProblems } from '../../lib/complete-form.ts';
import { consoleOrdersComplete, consoleOrdersFind } from '../../lib/console-endpoints.ts';
import { TYRE_CATEGORY, type TypedTyre } from '../../lib/tyres.ts';
import { notify } from '../../stores/ui.ts';
import { Buttons, useAction } from '../my-orders/form-parts.tsx';
import { Modal } from '../ui/Modal.tsx';
import type { ConsoleDetail } from './parts.tsx';

/** A line as the card or the whole order has it: the card's lines carry no lineId, the order's do. */
export interface CompletedLine {
  name: string;
  category: string;
  quantity: number;
  lineId?: string;
  /** The units the order holds for the line: their DOT date codes are offered first. */
  reserved?: { location: string; dot?: string; quantity: number }[];
}

type TyreLine = Required<Omit<CompletedLine, 'reserved'>> & Pick<CompletedLine, 'reserved'>;

const NO_TYRE: TypedTyre = { dot: '', dotFull: '' };
const tyreLinesOf = (lines: CompletedLine[]) => lines.filter((l) => l.category === TYRE_CATEGORY);
const known = (lines: CompletedLine[]): lines is TyreLine[] => lines.every((l) => l.lineId !== undefined);

/** A line's reserved date codes with how many of each: "3226 ×2, 1526 ×2"; empty when it holds none by code. */
const reservedList = (line: TyreLine) =>
  (line.reserved ?? [])
    .filter((r) => r.dot)
    .map((r) => (r.quantity > 1 ? `${r.dot} ×${r.quantity}` : r.dot))
    .join(', ');

/**
 * Completing an installation asks for the car's odometer: the service goes into the car's history
 * with it. An order that fitted tyres asks for each tyre's DOT date code too (one row per tyre,
 * numbered across the order as the server names them), and a whole DOT code if staff read it.
 * What was typed is checked first, every field at once (the browser's own checks are off, so
 * every problem is in the console's language), each problem beside its field. The server's
 * refusal (a reading below the last one, a tyre older than the promise) is shown by the field it
 * is about, what was typed kept; an admin may then fit an older tyre with a reason. The date
 * codes the order reserved are offered first under each tyre, one tyre per unit held; a code
 * the order did not reserve asks staff for the reason once the server refuses it.
 */
export function CompleteService({
  locale,
  orderNo,
  lines,
  admin = false,
  open,
  onBack,
  onMoved,
}: {
  locale: Locale;
  orderNo: string;
  lines: CompletedLine[];
  admin?: boolean;
  open: boolean;
  onBack: () => void;
  onMoved: (o: ConsoleDetail) => void;
}) {
  const t = dictionary(locale).console;
  const id = useId();
  const { busy, run } = useAction();
  const [km, setKm] = useState('');
  const asked = tyreLinesOf(lines);
  // The card's lines lack their ids: the whole order is asked for them when the dialog opens.
  const [found, setFound] = useState<TyreLine[] | null>(known(asked) ? asked : null);
  const [loadFailed, setLoadFailed] = useState('');
  const [tries, setTries] = useState(0);
  const [typed, setTyped] = useState<TypedTyre[]>([]);
  const [reason, setReason] = useState('');
  const [askReason, setAskReason] = useState(false);
  const [notReserved, setNotReserved] = useState('');
  const [askNotReserved, setAskNotReserved] = useState(false);
  const [problems, setProblems] = useState<{ texts: CompleteProblems; focus: CompleteField | null }>({ texts: {}, focus: null });
  const tyreLines = known(asked) ? asked : found;
  const loading = asked.length > 0 && !tyreLines;

  useEffect(() => {
    if (!open || !loading) return;
    let live = true;
    setLoadFailed('');
    callApi(consoleOrdersFind, { orderNo }, { quiet: true }).then(
      (order) => live && setFound(tyreLinesOf(order.lines) as TyreLine[]),
      (err: unknown) => live && setLoadFailed(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [open, loading, orderNo, tries]);

  // Tyres numbered across the order, line by line, as they are sent and as the server names them.
  const tyres = (tyreLines ?? []).flatMap((l) => Array.from({ length: l.quantity }, () => l.lineId));
  const tyreAt = (i: number) => typed[i] ?? NO_TYRE;
  const type = (i: number, change: Partial<TypedTyre>) => setTyped((all) => tyres.map((_, k) => (k === i ? { ...(all[k] ?? NO_TYRE), ...change } : (all[k] ?? NO_TYRE))));
  const fieldId = (at: CompleteField) => `${id}-${at.replace('.', '-')}`;
  const problemId = (at: CompleteField) => `${fieldId(at)}-problem`;

  // Problems take focus to the first field at fault, so staff read it and correct it there (a
  // tyre older than the promise, for an admin: to the reason, as a younger tyre would not need it).
  useEffect(() => {
    if (problems.focus && problems.focus !== 'form') document.getElementById(fieldId(problems.focus))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problems]);

  const submit = () =>
    run(async () => {
      const sent = tyres.map((_, i) => tyreAt(i));
      const typedProblems = completeProblems(t, km, sent, klDate(new Date()));
      const reasonProblem = askNotReserved ? notReservedProblem(t, notReserved) : null;
      if (reasonProblem) typedProblems.notReserved = reasonProblem;
      const first = firstProblem(typedProblems, tyres.length);
      setProblems({ texts: typedProblems, focus: first });
      if (first) return;
      const overridden = askReason && reason.trim() !== '';
      try {
        const moved = await callApi(
          consoleOrdersComplete,
          {
            orderNo,
            odometerKm: Number(km),
            ...(tyres.length ? { tyres: tyres.map((lineId, i) => ({ lineId, dot: sent[i]!.dot.trim(), ...(sent[i]!.dotFull.trim() ? { dotFull: sent[i]!.dotFull.trim() } : {}) })) } : {}),
            ...(overridden ? { override: { reason: reason.trim() } } : {}),
            ...(askNotReserved ? { notReserved: { reason: notReserved.trim() } } : {}),
          },
          { quiet: true },
        );
        notify('success', fill(t.completed, { orderNo }));
        onBack();
        onMoved(moved);
      } catch (err) {
        const { at, tooOld, notReserved: notOurs } = placeOf(err instanceof ApiFailure ? err.data : null);
        if (tooOld && admin) setAskReason(true);
        if (notOurs) setAskNotReserved(true);
        // A code not reserved is kept as typed: the reason is what is asked next.
        const focus = tooOld && admin ? 'reason' : notOurs && at !== 'notReserved' ? 'notReserved' : at;
        setProblems({ texts: { [at]: err instanceof Error ? err.message : String(err) }, focus });
      }
    });

  const described = (at: CompleteField, hint?: string) => {
    const mine = problems.texts[at] !== undefined;
    return { id: fieldId(at), 'aria-invalid': mine ? true : undefined, 'aria-describedby': [hint, mine ? problemId(at) : ''].filter(Boolean).join(' ') || undefined };
  };
  const alertAt = (at: CompleteField) =>
    problems.texts[at] !== undefined ? (
      <p id={problemId(at)} className="rounded-lg bg-red-50 p-3 font-medium text-red-900" role="alert">
        {problems.texts[at]}
      </p>
    ) : null;

  // Each line's first tyre, counted across the order.
  const firsts = (tyreLines ?? []).map((_, k, all) => all.slice(0, k).reduce((sum, l) => sum + l.quantity, 0));
  // The reserved codes a tyre may still take: those of its line, once per unit held.
  const offersFor = (line: TyreLine, k: number, i: number) =>
    reservedOffers(
      line.reserved ?? [],
      Array.from({ length: line.quantity }, (_, j) => tyreAt(firsts[k]! + j).dot),
      i - firsts[k]!,
    );
  return (
    <Modal open={open} onClose={onBack} title={fill(t.completeTitle, { orderNo })} closeLabel={t.close}>
      <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
        <label className="block">
          <span className="mb-1 block font-medium">{t.odometerKm}</span>
          <input className="field-input min-h-11 max-w-56" type="number" inputMode="numeric" min={0} step={1} required value={km} onChange={(e) => setKm(e.target.value)} {...described('km')} />
        </label>
        {alertAt('km')}
        {loading && loadFailed && (
          <div className="rounded-lg bg-red-50 p-3 text-red-900" role="alert">
            <p>{loadFailed}</p>
            <button type="button" className="btn-secondary mt-2" onClick={() => setTries((k) => k + 1)}>
              {t.retry}
            </button>
          </div>
        )}
        {loading && !loadFailed && (
          <p className="text-slate-600" role="status">
            {t.loading}
          </p>
        )}
        {tyres.length > 0 && <p id={`${id}-hint`} className="text-sm text-slate-700">{t.dotHint}</p>}
        {(tyreLines ?? []).map((line, k) => (
          <fieldset key={line.lineId} className="space-y-3">
            <legend className="mb-2 font-semibold">{line.name}</legend>
            {reservedList(line) && <p className="text-sm text-slate-700">{fill(t.reservedDots, { dots: reservedList(line) })}</p>}
            {Array.from({ length: line.quantity }, (_, j) => firsts[k]! + j).map((i) => (
              <fieldset key={i} className="rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold">{fill(t.tyreN, { n: i + 1 })}</legend>
                {offersFor(line, k, i).length > 0 && (
                  <div className="mb-2 flex flex-wrap gap-2">
                    {offersFor(line, k, i).map((dot) => (
                      <button key={dot} type="button" className="btn-secondary min-h-11 font-mono" aria-label={fill(t.useDotLabel, { n: i + 1, dot })} onClick={() => type(i, { dot })}>
                        {fill(t.useDot, { dot })}
                      </button>
                    ))}
                  </div>
                )}
                <div className="grid grid-cols-[6.5rem_1fr] items-end gap-x-3 gap-y-1">
                  <label htmlFor={fieldId(`dot.${i}`)} className="text-sm font-medium">
                    {t.dotDate}
                  </label>
                  <label htmlFor={fieldId(`dotFull.${i}`)} className="text-sm font-medium">
                    {t.dotFull}
                  </label>
                  <input
                    className="field-input min-h-11 font-mono tracking-widest"
                    inputMode="numeric"
                    autoComplete="off"
                    required
                    pattern="[0-9]{4}"
                    maxLength={4}
                    title={t.dotHint}
                    value={tyreAt(i).dot}
                    onChange={(e) => type(i, { dot: e.target.value })}
                    {...described(`dot.${i}`, `${id}-hint`)}
                  />
                  <input
                    className="field-input min-h-11 min-w-0 font-mono uppercase"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={24}
                    value={tyreAt(i).dotFull}
                    onChange={(e) => type(i, { dotFull: e.target.value })}
                    {...described(`dotFull.${i}`)}
                  />
                </div>
                <div className="mt-2 space-y-2 empty:hidden">
                  {alertAt(`dot.${i}`)}
                  {alertAt(`dotFull.${i}`)}
                </div>
              </fieldset>
            ))}
          </fieldset>
        ))}
        {askReason && (
          <div className="space-y-1">
            <label htmlFor={fieldId('reason')} className="block font-medium">
              {t.fitAnyway}
            </label>
            <p id={`${id}-reason-hint`} className="text-sm text-slate-700">
              {t.fitAnywayHint}
            </p>
            <textarea className="field-input min-h-20" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} {...described('reason', `${id}-reason-hint`)} />
            {alertAt('reason')}
          </div>
        )}
        {askNotReserved && (
          <div className="space-y-1">
            <label htmlFor={fieldId('notReserved')} className="block font-medium">
              {t.notReserved}
            </label>
            <p id={`${id}-not-reserved-hint`} className="text-sm text-slate-700">
              {t.notReservedHint}
            </p>
            <textarea
              className="field-input min-h-20"
              required
              maxLength={NOT_RESERVED_MAX}
              value={notReserved}
              onChange={(e) => setNotReserved(e.target.value)}
              {...described('notReserved', `${id}-not-reserved-hint`)}
            />
            {alertAt('notReserved')}
          </div>
        )}
        {alertAt('form')}
        <Buttons action={t.completeNow} back={t.back} busy={busy || loading} working={busy ? t.working : t.loading} onBack={onBack} />
      </form>
    </Modal>
  );
}
