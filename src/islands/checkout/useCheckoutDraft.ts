import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckoutForm } from '../../lib/checkout.ts';
import { forgetDraft, readDraft, saveDraft } from '../../lib/checkout-draft.ts';

const tabStorage = () => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * The checkout form, started from what this customer left in this tab (see checkout-draft.ts)
 * over `blank`, and kept there as it changes. `forget` is called once the order is placed:
 * the next checkout starts afresh.
 */
export function useCheckoutDraft(userId: string, blank: () => CheckoutForm) {
  const [form, setForm] = useState<CheckoutForm>(() => {
    const start = blank();
    const draft = readDraft(tabStorage(), userId);
    return {
      ...start,
      ...draft,
      address: { ...start.address, ...draft.address },
      contact: { ...start.contact, ...draft.contact },
    };
  });
  const done = useRef(false);

  useEffect(() => {
    if (!done.current) saveDraft(tabStorage(), userId, form);
  }, [userId, form]);

  const forget = useCallback(() => {
    done.current = true;
    forgetDraft(tabStorage());
  }, []);

  return [form, setForm, forget] as const;
}
