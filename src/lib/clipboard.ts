import type { Locale } from '../../contract/language.ts';
import { dictionary } from '../i18n/index.ts';
import { notify } from '../stores/ui.ts';

/** Copies `text` and says whether it worked ('Copy successful' / 'Copy failed'). */
export async function copyText(text: string, locale: Locale): Promise<boolean> {
  const t = dictionary(locale).errors;
  try {
    await navigator.clipboard.writeText(text);
    notify('success', t.copied);
    return true;
  } catch {
    notify('error', t.copyFailed);
    return false;
  }
}
