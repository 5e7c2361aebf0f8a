/**
 * The dialogs' code, loaded when a dialog is first opened rather than with the page. An
 * island may call a loader early, when the customer shows the intent (opens the account
 * menu, points at the car banner), so the code is usually there by the time they click.
 */
export const loadLoginDialog = () => import('../login/LoginDialog.tsx');
export const loadCarPicker = () => import('../car-picker/CarPicker.tsx');
export const loadMeDialog = () => import('../account/MeDialog.tsx');
export const loadLogoutDialog = () => import('../account/LogoutDialog.tsx');

/** Starts loading `load`'s code without waiting for it; a failure shows when the dialog opens. */
export function prefetch(load: () => Promise<unknown>) {
  load().catch(() => {});
}
