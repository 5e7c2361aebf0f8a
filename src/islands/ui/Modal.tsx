import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepFocusInside(e: React.KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(focusable)].filter((el) => !el.hidden && el.offsetParent !== null);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/** Marks the control a dialog's content wants focused when it opens (else its first control). */
export const AUTOFOCUS = { 'data-autofocus': '' };

/** Focuses the content's marked control, caret at the end of what it holds. */
export function focusMarked(root: Element | null) {
  const target = root?.querySelector<HTMLElement>('[data-autofocus]');
  if (!target) return;
  target.focus();
  if (target instanceof HTMLInputElement && ['text', 'tel', 'search'].includes(target.type)) target.setSelectionRange(target.value.length, target.value.length);
}

/**
 * A native modal <dialog>: closes on Escape and returns focus to what opened it. The
 * browser keeps the page inert behind it; Tab is kept inside here, since the browser would
 * let it move on to its own toolbar. Its content renders only while it is open, so a dialog
 * whose content is loaded lazily loads it when first opened.
 */
export function Modal({ open, onClose, title, closeLabel, children, role = 'dialog' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Before paint, so a key pressed right after opening already lands inside.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      focusMarked(dialog);
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      // A <dialog> is a dialog already; only an alertdialog says so.
      role={role === 'dialog' ? undefined : role}
      aria-labelledby={titleId}
      aria-modal="true"
      onClose={onClose}
      onKeyDown={keepFocusInside}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl"
    >
      {open && (
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            <button type="button" onClick={onClose} className="-m-2 min-h-11 min-w-11 rounded-lg p-2 text-slate-600 hover:bg-slate-100" aria-label={closeLabel}>
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
