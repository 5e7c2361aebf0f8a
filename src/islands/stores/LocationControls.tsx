import { useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { areaOfPostcode, type PostcodeTable } from '../../../contract/rules/postcode-areas.ts';
import { dictionary, fill, href, ruleMessage } from '../../i18n/index.ts';
import type { CityPlace } from '../../lib/places.ts';
import type { Origin } from '../../lib/whereabouts.ts';
import { $curCity } from '../../stores/business.ts';
import { chooseCity, chooseDevicePosition, choosePostcode } from '../../stores/location.ts';
import { useClientStore } from '../ui/useClientStore.ts';

interface Props {
  locale: Locale;
  cities: readonly CityPlace[];
  origin: Origin | null;
  /** The city menu's empty choice: "All cities" on the store finder, "Choose your city" elsewhere. */
  noCityLabel?: string;
}

let postcodeTable: Promise<PostcodeTable> | null = null;
/** The table once it has come: a postcode's message is checked again against it as it is typed. */
let loadedTable: PostcodeTable | null = null;
/** The table is fetched once, when a postcode is first typed; a failure lets the next try fetch again. */
function loadPostcodes(): Promise<PostcodeTable> {
  postcodeTable ??= fetch(href('en', 'postcodes.json')).then((r) => {
    if (!r.ok) throw new Error(String(r.status));
    return (r.json() as Promise<PostcodeTable>).then((table) => (loadedTable = table));
  });
  postcodeTable.catch(() => (postcodeTable = null));
  return postcodeTable;
}

/** Says where the lists measure from, and lets the customer change it: city, their device's location, or a postcode. */
export function LocationControls({ locale, cities, origin, noCityLabel }: Props) {
  const t = dictionary(locale).near;
  const city = useClientStore($curCity, null);
  const [locating, setLocating] = useState(false);
  const [geoProblem, setGeoProblem] = useState('');
  // null until the customer types: the box then shows the postcode the lists measure from, if any.
  const [typed, setTyped] = useState<string | null>(null);
  const postcode = typed ?? (origin?.source === 'postcode' ? origin.postcode : '');
  const [postcodeProblem, setPostcodeProblem] = useState('');

  const locate = () => {
    setGeoProblem('');
    // Only on this tap does the browser ask the customer.
    if (!('geolocation' in navigator) || !window.isSecureContext) return setGeoProblem(t.geoUnavailable);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        // Lists now measure from the device: a postcode typed before, and its message, are let go.
        forgetPostcode();
        chooseDevicePosition(pos.coords.latitude, pos.coords.longitude);
      },
      (err) => {
        setLocating(false);
        setGeoProblem(err.code === err.PERMISSION_DENIED ? t.geoDenied : t.geoFailed);
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const forgetPostcode = () => {
    setTyped(null);
    setPostcodeProblem('');
  };

  /** A message already shown follows the typing: gone as soon as the postcode is one the table knows. */
  const typePostcode = (text: string) => {
    setTyped(text);
    if (!postcodeProblem || !loadedTable) return;
    const found = areaOfPostcode(loadedTable, text);
    setPostcodeProblem(found.ok ? '' : ruleMessage(locale, found.problem));
  };

  const findPostcode = async () => {
    setPostcodeProblem('');
    try {
      const found = areaOfPostcode(await loadPostcodes(), postcode);
      if (!found.ok) return setPostcodeProblem(ruleMessage(locale, found.problem));
      const { area, city: areaCity, lat, lng } = found.place;
      choosePostcode({ postcode: found.postcode, area, ...(areaCity ? { city: areaCity } : {}), lat, lng });
    } catch {
      setPostcodeProblem(t.postcodesFailed);
    }
  };

  const from =
    origin?.source === 'device'
      ? t.fromDevice
      : origin?.source === 'postcode'
        ? fill(t.fromPostcode, { postcode: origin.postcode, area: origin.area })
        : origin?.source === 'city'
          ? fill(t.fromCity, { place: origin.city.label })
          : t.askWhere;

  return (
    <div role="group" aria-label={t.where} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <p className="font-semibold" aria-live="polite">
        {from}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span>{dictionary(locale).city.label}</span>
          <select className="field-input w-48" value={city ?? ''} onChange={(e) => {
              if (e.currentTarget.value) forgetPostcode();
              chooseCity(e.currentTarget.value || null);
            }}>
            <option value="">{noCityLabel ?? dictionary(locale).city.choose}</option>
            {cities.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn-secondary" disabled={locating} aria-busy={locating} onClick={locate}>
          {locating ? t.locating : t.useLocation}
        </button>
        <div className="flex items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            <span>{t.postcode}</span>
            <input
              type="text"
              className="field-input w-28"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              value={postcode}
              aria-invalid={postcodeProblem ? true : undefined}
              aria-describedby={postcodeProblem ? 'near-postcode-problem' : undefined}
              onInput={(e) => typePostcode(e.currentTarget.value)}
              onKeyDown={(e) => {
                // Enter finds the postcode here, and never sends the checkout's form.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void findPostcode();
                }
              }}
            />
          </label>
          <button type="button" className="btn-secondary" onClick={() => void findPostcode()}>
            {t.postcodeGo}
          </button>
        </div>
      </div>
      {geoProblem && (
        <p className="text-sm text-amber-900" role="alert">
          {geoProblem}
        </p>
      )}
      {postcodeProblem && (
        <p id="near-postcode-problem" className="field-error" role="alert">
          {postcodeProblem}
        </p>
      )}
    </div>
  );
}
