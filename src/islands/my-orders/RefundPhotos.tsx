import { useId, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { checkPickedPhotos, MAX_REFUND_IMAGES } from '../../lib/photos.ts';

export interface Photo {
  file: File;
  /** An object URL for the preview; revoked by the form. */
  url: string;
}

/** Up to three photos, each checked (a picture, at most 5 MB) before anything is sent, with previews. */
export function RefundPhotos({ locale, photos, onChange, disabled, kept = 0 }: { locale: Locale; photos: Photo[]; onChange: (photos: Photo[]) => void; disabled: boolean; /** Photos sent earlier and kept (a review being changed): they count toward the three. */ kept?: number }) {
  const t = dictionary(locale).myOrders;
  const [problems, setProblems] = useState<string[]>([]);
  const id = useId();

  // Each file is read a little (its first bytes) before it joins: a picture is known by its content.
  const add = async (files: File[]) => {
    const { accepted, problems: found } = await checkPickedPhotos(kept + photos.length, files);
    setProblems(
      found.map((p) => (p.problem === 'tooMany' ? t.tooManyPhotos : fill(p.problem === 'tooBig' ? t.photoTooBig : t.photoNotImage, { name: p.name }))).filter((text, i, all) => all.indexOf(text) === i),
    );
    if (accepted.length) onChange([...photos, ...accepted.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  };
  const remove = (photo: Photo) => {
    URL.revokeObjectURL(photo.url);
    setProblems([]);
    onChange(photos.filter((p) => p !== photo));
  };

  return (
    <fieldset>
      <legend className="font-semibold">{t.photos}</legend>
      <p id={`${id}-hint`} className="mb-2 text-sm text-slate-600">
        {t.photosHint}
      </p>
      {photos.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2">
          {photos.map((p, i) => (
            <li key={p.url} className="relative">
              <img src={p.url} alt={fill(t.photoPreview, { n: i + 1 })} className="size-20 rounded-lg border border-slate-300 object-cover" />
              <button
                type="button"
                className="absolute -right-2 -top-2 flex size-8 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow"
                aria-label={fill(t.removePhoto, { n: i + 1 })}
                disabled={disabled}
                onClick={() => remove(p)}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {kept + photos.length < MAX_REFUND_IMAGES && (
        <label className="btn-secondary cursor-pointer has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-500">
          {t.addPhotos}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            multiple
            className="sr-only"
            aria-describedby={`${id}-hint`}
            disabled={disabled}
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              void add(files);
            }}
          />
        </label>
      )}
      {problems.map((text) => (
        <p key={text} className="field-error" role="alert">
          {text}
        </p>
      ))}
    </fieldset>
  );
}
