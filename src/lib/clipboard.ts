import type { Locale } from '../../contract/rules/language.ts';
import { dictionary } from '../i18n/index.ts';
import { notify } from '../stores/ui.ts';

/**
 * Copies through a hidden text area and the older copy command: the Clipboard API exists
 * only on secure origins (https, localhost), and a shop opened at http://192.168.x.x must
 * copy too.
 */
function copyThroughTextArea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen, and large enough text that phones do not zoom in on it.
  area.style.cssText = 'position:fixed;top:0;left:-9999px;font-size:16px';
  const focused = document.activeElement as HTMLElement | null;
  // Inside an open modal dialog, the rest of the page is inert and cannot be selected.
  (focused?.closest('dialog[open]') ?? document.body).append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus({ preventScroll: true });
  }
}

/** Copies `text` and says whether it worked ('Copy successful' / 'Copy failed'). */
export async function copyText(text: string, locale: Locale): Promise<boolean> {
  const t = dictionary(locale).errors;
  let copied = false;
  if (window.isSecureContext && navigator.clipboard) {
    copied = await navigator.clipboard.writeText(text).then(
      () => true,
      () => false,
    );
  }
  if (!copied) copied = copyThroughTextArea(text);
  notify(copied ? 'success' : 'error', copied ? t.copied : t.copyFailed);
  return copied;
}
