/** Helpers of `client:intent`: finding an element again and handing a field's text to React. */

const TEXT_TYPES = new Set(['text', 'search', 'tel', 'email', 'url', 'password', 'number']);

export function isTextField(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  return el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type));
}

/** The child indexes leading from `root` to `el`, to find its twin if the island re-rendered. */
export function pathFrom(root: Element, el: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) {
    if (!node.parentElement) return [];
    path.unshift([...node.parentElement.children].indexOf(node));
  }
  return path;
}

export function resolvePath(root: Element, path: number[]): Element | null {
  if (path.length === 0) return null;
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node ?? null;
}

/**
 * Makes the island's component take `typed`, what the browser showed in `field` before the
 * island was live (read before anything runs, since hydrating may reset controlled fields).
 * React keeps the value it last saw in a tracker on the element and fires onChange only
 * when the element's value differs from it: so the tracker is given another value (the
 * element's own setter updates it), then the typed text is put back through the prototype's
 * setter, which the tracker does not see, and an input event tells React.
 */
export function handOverField(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, typed: string) {
  // A first event makes React finish hydrating the island now (it does so for discrete
  // events), so its tracker exists before it is fooled.
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (field instanceof HTMLSelectElement) {
    field.value = typed;
    // React reads a select's choice from its change event alone.
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = typed === '' ? ' ' : '';
  const prototypeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  prototypeSetter?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
