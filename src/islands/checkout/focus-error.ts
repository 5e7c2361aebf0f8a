/**
 * After Place order is refused, the customer is taken to the first field with a message, in
 * the page's order: on a phone it may be two screens up. A field's message is tied to its
 * input (`<id>-error` → `#<id>`); a group's (workshop, time, method, a line) to the first
 * control of its fieldset, section or line, the chosen one first.
 */
export function focusFirstError(form: HTMLElement) {
  const message = [...form.querySelectorAll<HTMLElement>('.field-error')].find((el) => !el.hasAttribute('data-summary'));
  if (!message) return;
  const control = controlOf(form, message);
  control.focus({ preventScroll: true });
  control.scrollIntoView({ block: 'center' });
}

const ENABLED = ':not([disabled]):not([type="hidden"])';

function controlOf(form: HTMLElement, message: HTMLElement): HTMLElement {
  const own = message.id.endsWith('-error') ? form.querySelector<HTMLElement>(`#${CSS.escape(message.id.slice(0, -'-error'.length))}`) : null;
  if (own) return own;
  const group = message.closest<HTMLElement>('fieldset, li, section');
  const inside = group?.querySelector<HTMLElement>(`input:checked${ENABLED}`) ?? group?.querySelector<HTMLElement>(`input${ENABLED}, select${ENABLED}, textarea${ENABLED}, button${ENABLED}`);
  if (inside) return inside;
  // Nothing to type in (no time free, no workshop): the message itself is shown and read.
  message.tabIndex = -1;
  return message;
}
