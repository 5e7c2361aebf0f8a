import type { ClientDirective } from 'astro';
import { handOverField, isTextField, pathFrom, resolvePath } from './hand-over.ts';

/**
 * `client:intent`: the island hydrates once the page has loaded and the browser is idle, so
 * it never competes with the first paint, or at once when the customer touches, types or
 * tabs into it. Nothing they do in between is lost: a click is held and replayed on the same
 * element once the island is live, a form sent early is sent again, and text typed into a
 * field is handed to the component as if typed after hydration.
 *
 * `client:intent="some-event"` also hydrates at once when `some-event` is dispatched on
 * window (the dialogs' island is woken that way when another island opens a dialog).
 */
interface Held {
  kind: 'click' | 'submit' | 'key';
  target: Element;
  /** Where the target sat in the island, to find its twin if React replaced it. */
  path: number[];
  init?: KeyboardEventInit;
}

/**
 * Islands woken at idle take turns, and each turn is split into tasks of its own (loading the
 * code, then hydrating), so waking the chrome never blocks input in one long task. Shared by
 * every island of the page: the directive is one script per page.
 */
let turns: Promise<void> = Promise.resolve();
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Islands still to replay what was done to them. A link followed meanwhile (the cart, just
 * after an early tap on Add to cart) waits for them: leaving the page would lose those taps.
 */
const replaying = new Set<Promise<void>>();
let linksGuarded = false;
function guardLinks() {
  if (linksGuarded) return;
  linksGuarded = true;
  // Bubble phase: a component that handles the link itself has had its say.
  window.addEventListener('click', (event) => {
    if (!replaying.size || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    // A jump within the page keeps the page, and with it the taps.
    const to = new URL(link.href, location.href);
    if (to.hash && to.origin === location.origin && to.pathname === location.pathname && to.search === location.search) return;
    event.preventDefault();
    void Promise.allSettled([...replaying]).then(() => location.assign(link.href));
  });
}

/** Keys whose effect the browser already turns into a click or a focus move. */
const ACTIVATION_KEYS = new Set(['Tab', 'Enter', ' ']);

const intent: ClientDirective = (load, options, island) => {
  let state: 'waiting' | 'loading' | 'live' = 'waiting';
  const held: Held[] = [];
  const typedInto = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();

  let waking: Promise<void> | null = null;
  /** Keeps an action for the replay; until then, links wait (guardLinks). */
  const hold = (action: Held) => {
    held.push(action);
    const done = wake();
    replaying.add(done);
    const settled = () => void replaying.delete(done);
    done.then(settled, settled);
  };

  const onClick = (event: Event) => {
    const target = event.target as Element;
    // A link already works without the island: let it go where it points.
    if (target.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    hold({ kind: 'click', path: pathFrom(island, target), target });
  };
  const onSubmit = (event: Event) => {
    const form = event.target as Element;
    event.preventDefault();
    event.stopPropagation();
    hold({ kind: 'submit', path: pathFrom(island, form), target: form });
  };
  const onKey = (event: Event) => {
    const key = event as KeyboardEvent;
    const target = key.target as Element;
    if (!ACTIVATION_KEYS.has(key.key) && !isTextField(target)) {
      held.push({ kind: 'key', target, path: pathFrom(island, target), init: { key: key.key, code: key.code, shiftKey: key.shiftKey, altKey: key.altKey, ctrlKey: key.ctrlKey, metaKey: key.metaKey } });
    }
    void wake();
  };
  const onField = (event: Event) => {
    const field = event.target as Element;
    if (isTextField(field) || field instanceof HTMLSelectElement) typedInto.add(field);
  };
  const onTouch = () => void wake();

  const listeners: [string, EventListener][] = [
    ['click', onClick],
    ['submit', onSubmit],
    ['keydown', onKey],
    ['input', onField],
    ['change', onField],
    ['pointerdown', onTouch],
    ['focusin', onTouch],
  ];
  for (const [type, listener] of listeners) island.addEventListener(type, listener, true);
  guardLinks();

  /** `atIdle`: nobody is waiting on this island, so its work may be spread over several tasks. */
  function wake(atIdle = false): Promise<void> {
    if (state !== 'waiting') return waking ?? Promise.resolve();
    state = 'loading';
    waking = (async () => {
      try {
        const hydrate = await load();
        if (atIdle) await nextTask();
        await hydrate();
      } finally {
        state = 'live';
        for (const [type, listener] of listeners) island.removeEventListener(type, listener, true);
      }
      replay();
    })();
    return waking;
  }

  /** Gives the live island what happened while it slept, in the order it happened. */
  function replay() {
    // Fields first: a click on "Send" after typing a number needs the number in place. Every
    // value is read before the first hand-over, which hydrates the island.
    const typed = [...typedInto].filter((field) => field.isConnected).map((field) => [field, field.value] as const);
    for (const [field, value] of typed) handOverField(field, value);
    for (const action of held) {
      const target = action.target.isConnected ? action.target : resolvePath(island, action.path);
      if (!target) continue;
      // Dispatched on the very element tapped (an icon inside a button, say), so the
      // component sees the click where the customer made it.
      if (action.kind === 'click') target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
      else if (action.kind === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
      else if (action.kind === 'key') target.dispatchEvent(new KeyboardEvent('keydown', { ...action.init, bubbles: true, cancelable: true }));
    }
  }

  if (options.value) window.addEventListener(options.value, () => void wake(), { once: true });
  // The timeout only guards against a page that is never idle.
  const takeTurn = () => {
    turns = turns.then(async () => {
      if (state !== 'waiting') return;
      await wake(true);
      await nextTask();
    }).catch(() => undefined);
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(takeTurn, { timeout: 5000 }) : setTimeout(takeTurn, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};

export default intent;
