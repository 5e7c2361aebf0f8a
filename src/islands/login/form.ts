import { atom } from 'nanostores';
import { useEffect, useState } from 'react';

/**
 * The login form's state that outlives the dialog: the number being typed and the last code
 * sent (for the 60 s countdown). The form shown while the dialog's code loads writes here
 * too, so nothing typed into it is lost when the dialog takes over.
 */
export const $loginPhone = atom('');
export const $loginSent = atom<{ to: string; at: number } | null>(null);
/** Send OTP pressed before the dialog's code had loaded: the dialog sends once it is there. */
export const $sendAsked = atom(false);

/** The number as typed, without the spaces and dashes people put in phone numbers. */
export const typedPhone = (value: string) => value.replace(/[\s-]/g, '');

/**
 * The number being typed, as a field's value: held in the component's own state as well as in
 * $loginPhone. A store reaches a component only once its subscription is in place, after the
 * first paint; a digit typed before that (the field is focused as the dialog opens, and a slow
 * phone paints long before it runs effects) would be set in the store but undone in the field
 * by React, so each such digit replaced the one before. State set by the field is never late.
 */
export function usePhoneField(): [string, (phone: string) => void] {
  const [phone, setPhone] = useState(() => $loginPhone.get());
  // What others write (a login that clears the number) reaches the field too.
  useEffect(() => {
    setPhone($loginPhone.get());
    return $loginPhone.listen(setPhone);
  }, []);
  return [
    phone,
    (typed) => {
      setPhone(typed);
      $loginPhone.set(typed);
    },
  ];
}
