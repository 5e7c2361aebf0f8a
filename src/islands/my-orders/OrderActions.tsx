import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { clock, secondsUntil } from '../../lib/pay-time.ts';
import { Modal } from '../ui/Modal.tsx';
import type { ActionKind, ActionTarget, Done } from './action-types.ts';
// With the buttons rather than loaded on first use: a chunk of its own would cost the page
// more of its JavaScript budget, for a wait the customer would see.
import ActionForm from './ActionForm.tsx';


/** Seconds left to pay, counting down from the server's figure (the device clock may be off). */
function useSecondsLeft(seconds: number): number {
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => {
      const now = secondsUntil(deadline, Date.now());
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, seconds]);
  return left;
}

const order: readonly ActionKind[] = ['changeTime', 'refund', 'revokeRefund', 'cancel', 'delete'];

/** The buttons of what the server says the order allows now, each confirmed in its dialog. */
export function OrderActions({ locale, target, onDone }: { locale: Locale; target: ActionTarget; onDone: Done }) {
  const t = dictionary(locale).myOrders;
  const [open, setOpen] = useState<ActionKind | null>(null);
  const left = useSecondsLeft(target.secondsToPay);
  const kinds = order.filter((k) => target.actions[k]);
  const canPay = target.actions.pay && left > 0;
  if (!canPay && kinds.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={fill(t.actionsOf, { orderNo: target.orderNo })}>
      {canPay && (
        <a className="btn-primary" href={href(locale, `pages-order?orderNo=${encodeURIComponent(target.orderNo)}`)}>
          {fill(t.pay, { time: clock(left) })}
        </a>
      )}
      {kinds.map((kind) => (
        <button key={kind} type="button" className={kind === 'delete' || kind === 'cancel' ? 'btn-secondary text-red-800' : 'btn-secondary'} onClick={() => setOpen(kind)}>
          {t[kind]}
        </button>
      ))}
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open ? title(t, open, target.orderNo) : ''} closeLabel={t.close} role={open === 'delete' || open === 'cancel' || open === 'revokeRefund' ? 'alertdialog' : 'dialog'}>
        {open && (
          <ActionForm
            locale={locale}
            kind={open}
            target={target}
            onClose={() => setOpen(null)}
            onDone={(result) => {
              setOpen(null);
              onDone(result);
            }}
          />
        )}
      </Modal>
    </div>
  );
}

function title(t: ReturnType<typeof dictionary>['myOrders'], kind: ActionKind, orderNo: string): string {
  switch (kind) {
    case 'cancel':
      return fill(t.cancelTitle, { orderNo });
    case 'delete':
      return fill(t.deleteTitle, { orderNo });
    case 'changeTime':
      return t.changeTitle;
    case 'refund':
      return t.refundTitle;
    case 'revokeRefund':
      return t.revokeTitle;
  }
}
