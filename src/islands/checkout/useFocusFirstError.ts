import { useCallback, useEffect, useRef, useState } from 'react';
import { focusFirstError } from './focus-error.ts';

/**
 * Each refused Place order takes the customer to the first field with a message, once the
 * messages are on the page. Returns the form's ref and the function to call on a refusal.
 */
export function useFocusFirstError() {
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals && form.current) focusFirstError(form.current);
  }, [refusals]);
  const refused = useCallback(() => setRefusals((n) => n + 1), []);
  return [form, refused] as const;
}
