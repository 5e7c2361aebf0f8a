// The editor's preview pane: each entry laid out as its page shows it, with the shop's stylesheet.
import type { PreviewTemplateComponentProps } from 'decap-cms-core';
import { locales, type Locale } from '../../contract/rules/language.ts';

type Texts = Partial<Record<Locale, string>>;
type Entry = PreviewTemplateComponentProps['entry'];

/** A value of the entry's data as plain JavaScript (Decap keeps it as Immutable collections). */
function plain<T>(entry: Entry, path: string[]): T | undefined {
  const value = entry.getIn(['data', ...path]) as { toJS?: () => unknown } | string | number | undefined;
  if (value && typeof value === 'object' && typeof value.toJS === 'function') return value.toJS() as T;
  return value as T | undefined;
}

const languageNames: Record<Locale, string> = { en: 'English', 'zh-cn': '中文', ms: 'Bahasa Melayu' };

/** FAQ, About and the policies: the title and the Markdown as the page's article. */
export function PagePreview({ entry, widgetFor }: PreviewTemplateComponentProps) {
  const title = plain<string>(entry, ['title']) ?? '';
  const description = plain<string>(entry, ['description']) ?? '';
  return (
    <article className="prose-servauto mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-extrabold text-brand-900">{title}</h1>
      {description && <p className="text-sm text-slate-600">{description}</p>}
      {widgetFor('body')}
    </article>
  );
}

/** Home banners in each language, as the carousel shows a slide. */
export function BannersPreview({ entry, getAsset }: PreviewTemplateComponentProps) {
  const banners = plain<{ id?: string; image?: string; width?: number; height?: number; title?: Texts; subtitle?: Texts; alt?: Texts }[]>(entry, ['banners']) ?? [];
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-6">
      {locales.map((locale) => (
        <section key={locale} lang={locale} aria-label={languageNames[locale]} className="space-y-4">
          <h2 className="text-sm font-semibold text-slate-600">{languageNames[locale]}</h2>
          {banners.map((b, i) => (
            <figure key={`${b.id ?? i}`} className="relative overflow-hidden rounded-xl bg-brand-900 text-white">
              {b.image && <img src={getAsset(b.image)?.url ?? b.image} alt={b.alt?.[locale] ?? ''} width={b.width} height={b.height} className="h-auto w-full opacity-60" />}
              <figcaption className="absolute inset-0 flex flex-col justify-center gap-2 p-6">
                <strong className="text-2xl font-extrabold">{b.title?.[locale]}</strong>
                <span className="max-w-xl">{b.subtitle?.[locale]}</span>
              </figcaption>
            </figure>
          ))}
        </section>
      ))}
    </div>
  );
}

/** A product's texts in each language, as the product page shows them. */
export function ProductPreview({ entry }: PreviewTemplateComponentProps) {
  const data = plain<{ image?: string; name?: Texts; summary?: Texts; description?: Texts; imageAlt?: Texts; included?: Texts[] }>(entry, []) ?? {};
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-6">
      {locales.map((locale) => (
        <section key={locale} lang={locale} aria-label={languageNames[locale]} className="grid gap-6 md:grid-cols-2">
          {data.image && <img src={data.image} alt={data.imageAlt?.[locale] ?? ''} width={800} height={600} className="h-auto w-full rounded-xl bg-white" />}
          <div>
            <p className="text-sm font-semibold text-slate-600">{languageNames[locale]}</p>
            <h1 className="text-2xl font-extrabold text-brand-900">{data.name?.[locale]}</h1>
            <p className="mt-1 text-slate-700">{data.summary?.[locale]}</p>
            <p className="mt-4 whitespace-pre-line">{data.description?.[locale]}</p>
            <ul className="mt-4 list-disc pl-5">
              {(data.included ?? []).map((line, i) => (
                <li key={i}>{line[locale]}</li>
              ))}
            </ul>
          </div>
        </section>
      ))}
    </div>
  );
}
