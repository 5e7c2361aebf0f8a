import type { StaffRole } from '../../contract/console.ts';

/**
 * The operations console's pure parts: which pages a role may use, days, what the counter's
 * search box holds (a pickup code or an order number), and chart scales.
 */

export type { StaffRole };

/** The console's pages, in menu order, with the path under /pc/ and who may use each. */
export const consolePages = [
  { id: 'today', page: 'console', roles: ['admin', 'workshop'] },
  { id: 'van', page: 'console/van', roles: ['admin', 'workshop'] },
  { id: 'counter', page: 'console/counter', roles: ['admin', 'workshop'] },
  { id: 'mail', page: 'console/mail', roles: ['admin', 'workshop'] },
  { id: 'refunds', page: 'console/refunds', roles: ['admin'] },
  { id: 'warranty', page: 'console/warranty', roles: ['admin', 'workshop'] },
  { id: 'stock', page: 'console/stock', roles: ['admin', 'workshop'] },
  { id: 'closures', page: 'console/closures', roles: ['admin'] },
  { id: 'dashboard', page: 'console/dashboard', roles: ['admin'] },
  { id: 'reviews', page: 'console/reviews', roles: ['admin', 'workshop'] },
  { id: 'einvoices', page: 'console/einvoices', roles: ['admin'] },
  { id: 'content', page: 'console/content', roles: ['admin'] },
] as const satisfies readonly { id: string; page: string; roles: readonly StaffRole[] }[];

export type ConsolePageId = (typeof consolePages)[number]['id'];

/** A user's staff role, or null for a customer (an unknown role counts as none). */
export function staffRole(user: { role?: unknown } | null | undefined): StaffRole | null {
  const role = user?.role;
  return role === 'admin' || role === 'workshop' ? role : null;
}

/** The pages a role may open; none for a customer. */
export function pagesFor(role: StaffRole | null) {
  return role ? consolePages.filter((p) => (p.roles as readonly StaffRole[]).includes(role)) : [];
}

export const mayOpen = (role: StaffRole | null, id: ConsolePageId) => pagesFor(role).some((p) => p.id === id);

/** A pickup code from what was typed or scanned: its 6 digits (spaces and dashes ignored), or null. */
export function pickupCodeOf(text: string): string | null {
  const digits = text.replace(/[\s-]+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** What the counter looks up: a pickup code (6 digits), an order number, or nothing usable. */
export function counterLookup(text: string): { pickupCode: string } | { orderNo: string } | null {
  const code = pickupCodeOf(text);
  if (code) return { pickupCode: code };
  const orderNo = text.trim().toUpperCase();
  return /^[A-Z0-9-]{1,40}$/.test(orderNo) ? { orderNo } : null;
}

/** A chart's top value for whole numbers: a multiple of a step of 1, 2 or 5 × a power of ten, with its ticks from 0. */
export function niceScale(max: number, ticks = 4): { top: number; steps: number[] } {
  if (!(max > 0)) return { top: 1, steps: [0, 1] };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  const steps: number[] = [];
  for (let v = 0; v <= top; v += step) steps.push(v);
  return { top, steps };
}

/**
 * How near the tyres' age promise a tyre fitted counts as near the limit on the dashboard: the
 * contract's TYRE_NEAR_LIMIT_MONTHS (contract/console-dashboard.ts), repeated here so the page
 * carries no zod; a unit test keeps the two equal.
 */
export const TYRE_NEAR_LIMIT_MONTHS = 2;

/** A tracking number as the server accepts it (contract/console.ts EXPRESS_NO), checked before sending. */
export const TRACKING_NO = /^[A-Za-z0-9-]{6,30}$/;
