import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { confirmationHref, followQr, payAgainHref, QR_ASK_EVERY_MS, whereNext, type QrAnswer } from '../../lib/duitnow.ts';
import { formatRM } from '../../lib/money.ts';
import { orderPayQr } from '../../lib/order-endpoints.ts';
import { clock, secondsUntil } from '../../lib/pay-time.ts';
import { qrPngUrl, qrSvg } from '../../lib/qr-svg.ts';
import LoginGate from '../login/LoginGate.tsx';

/** The DuitNow QR page (/pay/duitnow?orderNo=…): the order's QR to scan, for its owner. */
export default function DuitNow({ locale, everyMs = QR_ASK_EVERY_MS }: { locale: Locale; everyMs?: number }) {
  return (
    <LoginGate locale={locale}>
      <DuitNowPage locale={locale} everyMs={everyMs} />
    </LoginGate>
  );
}

function DuitNowPage({ locale, everyMs }: { locale: Locale; everyMs: number }) {
  const t = dictionary(locale).duitnow;
  const [orderNo] = useState(() => new URLSearchParams(location.search).get('orderNo')?.trim() ?? '');
  const [answer, setAnswer] = useState<QrAnswer | null>(null);
  const [failed, setFailed] = useState('');
  const [round, setRound] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!orderNo) return;
    let answered = false;
    return followQr(
      () => callApi(orderPayQr, { orderNo }, { quiet: true }),
      (next) => {
        answered = true;
        setAnswer(next);
        // Paid: the confirmation, without this page left behind in the history.
        const go = whereNext(next, locale);
        if (go) location.replace(go);
      },
      (err) => {
        // Once the QR shows, a missed answer (a phone between networks) only waits for the next one.
        if (answered) return true;
        setFailed(err instanceof Error ? err.message : String(err));
        return false;
      },
      everyMs,
    );
  }, [orderNo, locale, everyMs, round]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const qrText = answer?.qrText ?? null;
  const qr = useMemo(() => (qrText ? qrSvg(qrText) : null), [qrText]);
  const [pngUrl, setPngUrl] = useState<string | null>(null);
  useEffect(() => setPngUrl(qrText ? qrPngUrl(qrText) : null), [qrText]);

  if (!orderNo) return <p className="rounded-lg bg-amber-50 p-4 text-amber-900">{t.noOrder}</p>;
  if (failed)
    return (
      <div className="space-y-3">
        <p className="rounded-lg bg-red-50 p-4 text-red-900" role="alert">
          {failed}
        </p>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setFailed('');
            setRound((r) => r + 1);
          }}
        >
          {t.tryAgain}
        </button>
      </div>
    );
  if (!answer) return <p className="min-h-96 text-slate-600">{t.loading}</p>;
  return <QrPanel locale={locale} answer={answer} secondsLeft={secondsUntil(Date.parse(answer.expiresAt), now)} qr={qr} pngUrl={pngUrl} />;
}

interface PanelProps {
  locale: Locale;
  answer: QrAnswer;
  /** Until the QR expires, by this device's clock. */
  secondsLeft: number;
  /** The QR drawn from answer.qrText; null when there is none to draw. */
  qr: { size: number; path: string } | null;
  /** The same QR as an image to save; null until drawn. */
  pngUrl: string | null;
}

/** What the QR page shows for an answer of app/pay/duitnow. */
export function QrPanel({ locale, answer, secondsLeft, qr, pngUrl }: PanelProps) {
  const t = dictionary(locale).duitnow;
  const amount = formatRM(answer.amountSen, locale);

  if (answer.status === 'PAID')
    return (
      <p className="rounded-lg bg-green-50 p-4 font-semibold text-green-950" role="status">
        {t.paid}{' '}
        <a className="underline" href={confirmationHref(locale, answer.orderNo)}>
          {t.seeConfirmation}
        </a>
      </p>
    );

  const over = answer.status === 'EXPIRED' || answer.status === 'FAILED' || secondsLeft === 0 || !qr;
  if (over)
    return (
      <div className="space-y-3">
        <p className="rounded-lg bg-amber-50 p-4 font-semibold text-amber-950" role="alert">
          {answer.status === 'FAILED' ? t.failed : t.expired}
        </p>
        <a className="btn-primary" href={payAgainHref(locale, answer.orderNo)}>
          {t.payAgain}
        </a>
      </div>
    );

  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
      <section aria-labelledby="qr-heading" className="mx-auto w-full max-w-xs space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-center sm:mx-0">
        <h2 id="qr-heading" className="font-bold text-brand-900">
          {t.scan}
        </h2>
        <svg role="img" aria-label={fill(t.qrLabel, { amount })} viewBox={`0 0 ${qr.size} ${qr.size}`} shapeRendering="crispEdges" className="mx-auto aspect-square w-full max-w-64 bg-white">
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
        <p className="text-3xl font-extrabold tabular-nums">{amount}</p>
        <p className="text-slate-700">{fill(t.payTo, { merchant: answer.merchantName })}</p>
        <p className="rounded-lg bg-amber-50 p-2 font-semibold text-amber-900" role="timer" aria-live="off">
          {fill(t.expiresIn, { time: clock(secondsLeft) })}
        </p>
      </section>
      <div className="space-y-4">
        <p className="text-lg" role="status">
          {t.waiting}
        </p>
        <ol className="hidden list-decimal space-y-1 pl-5 sm:block">
          {t.scanSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <section aria-labelledby="same-phone-heading" className="space-y-2 rounded-xl bg-brand-50 p-4 sm:hidden">
          <h2 id="same-phone-heading" className="font-bold">
            {t.samePhone}
          </h2>
          <ol className="list-decimal space-y-1 pl-5">
            {t.samePhoneSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          {pngUrl && (
            <a className="btn-primary w-full" href={pngUrl} download={`duitnow-${answer.orderNo}.png`}>
              {t.save}
            </a>
          )}
        </section>
        <a className="inline-block text-brand-700 underline" href={payAgainHref(locale, answer.orderNo)}>
          {t.otherMethod}
        </a>
      </div>
    </div>
  );
}
