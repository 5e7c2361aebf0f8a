import type { PayMethod } from '../../contract/rules/order-status.ts';
import { atomeQualifies } from '../../contract/rules/pay-later.ts';

/** What the shop's payment provider takes now (app/pay/methods), in the order the page offers them. */
export interface Offered {
  methods: readonly PayMethod[];
  banks: readonly { code: string; name: string }[];
  /** The least amount Atome takes, when the provider offers it (null, or absent, when it does not). */
  atomeMinSen?: number | null;
}

/**
 * What the page offers for an amount: the provider's methods, Atome only from its minimum up
 * (docs/contracts/running-the-business.md §4).
 */
export function offeredFor(offered: Offered, totalSen: number): Offered {
  if (!offered.methods.includes('atome') || atomeQualifies(totalSen, offered.atomeMinSen ?? null)) return offered;
  return { ...offered, methods: offered.methods.filter((m) => m !== 'atome') };
}

export interface Choice {
  /** Null when the provider takes nothing at all. */
  method: PayMethod | null;
  /** An FPX bank's code, or '' for none chosen. */
  bank: string;
}

/** Where a tab keeps the method and bank last chosen for an order. */
export const choiceKey = (orderNo: string) => `servauto.payChoice.${orderNo}`;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The choice this tab saved for an order, as stored: checked against what is offered by `firstChoice`. */
export function savedChoice(storage: Store | undefined, orderNo: string): { method?: unknown; bank?: unknown } {
  try {
    const saved = JSON.parse(storage?.getItem(choiceKey(orderNo)) ?? 'null') as unknown;
    return saved && typeof saved === 'object' ? (saved as { method?: unknown; bank?: unknown }) : {};
  } catch {
    return {};
  }
}

export function saveChoice(storage: Store | undefined, orderNo: string, choice: { method: PayMethod; bank: string }) {
  try {
    storage?.setItem(choiceKey(orderNo), JSON.stringify(choice));
  } catch {
    /* storage blocked: the last attempt's method is still chosen (lastMethod) */
  }
}

/**
 * The method and bank chosen when the form opens: the tab's own earlier choice, else the order's
 * last attempt, else FPX, else the first offered; a method or bank no longer offered is dropped.
 */
export function firstChoice(offered: Offered, saved: { method?: unknown; bank?: unknown }, lastMethod?: PayMethod): Choice {
  const candidates = [saved.method, lastMethod, 'fpx', offered.methods[0]];
  const method = (candidates.find((m) => offered.methods.includes(m as PayMethod)) as PayMethod | undefined) ?? null;
  const bank = offered.banks.find((b) => b.code === saved.bank)?.code ?? '';
  return { method, bank };
}
