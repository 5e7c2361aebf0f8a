/**
 * Whether the logged-in customer is known to have no orders: My Orders remembers it when the
 * list comes back empty, and placing an order forgets it. The My Orders page reads it before its
 * first paint (src/pages/[...lang]/myorder-status.astro) to draw the empty list at once.
 */
export const NO_ORDERS_KEY = 'servauto.noOrders';

export function rememberOrders(userId: string, count: number) {
  try {
    if (count === 0) localStorage.setItem(NO_ORDERS_KEY, userId);
    else localStorage.removeItem(NO_ORDERS_KEY);
  } catch {
    // Storage blocked: the list is only drawn once it arrives.
  }
}

export function knownToHaveNoOrders(userId: string): boolean {
  try {
    return localStorage.getItem(NO_ORDERS_KEY) === userId;
  } catch {
    return false;
  }
}

export function forgetNoOrders() {
  try {
    localStorage.removeItem(NO_ORDERS_KEY);
  } catch {
    // Nothing was remembered.
  }
}
