import { atom } from 'nanostores';

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
