import { useRef, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import type { ActionTarget, Done } from './action-types.ts';

export interface FormProps {
  locale: Locale;
  target: ActionTarget;
  onClose: () => void;
  onDone: Done;
}

/**
 * Sends one action once at a time; a refusal stays in the dialog as the server worded it,
 * so the customer reads why and can close or try again.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const running = useRef(false);
  const run = async (send: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure('');
    try {
      await send();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, failure, run };
}

export function Failure({ text }: { text: string }) {
  return text ? (
    <p className="rounded-lg bg-red-50 p-3 font-medium text-red-900" role="alert">
      {text}
    </p>
  ) : null;
}

/** The dialog's two buttons: the action (busy while it is sent) and the way out. */
export function Buttons({ action, back, busy, working, onBack, danger = false }: { action: string; back: string; busy: boolean; working: string; onBack: () => void; danger?: boolean }) {
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-2">
      <button type="button" className="btn-secondary" onClick={onBack}>
        {back}
      </button>
      <button type="submit" className={danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'} disabled={busy} aria-busy={busy}>
        {busy ? working : action}
      </button>
    </div>
  );
}
