import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { copyText } from '../../lib/clipboard.ts';

/** A contact detail that copies itself on click. */
export default function CopyText({ locale, text }: { locale: Locale; text: string }) {
  const t = dictionary(locale);
  return (
    <button
      type="button"
      className="inline-flex min-h-11 items-center text-left underline decoration-dotted underline-offset-4 hover:text-white"
      title={t.footer.copyHint}
      aria-label={`${text} (${t.footer.copyHint})`}
      onClick={() => void copyText(text, locale)}
    >
      {text}
    </button>
  );
}
