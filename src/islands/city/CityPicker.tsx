import { useClientStore } from '../ui/useClientStore.ts';
import { useEffect, useState } from 'react';
import type { DictionaryEntry } from '../../../contract/dictionary.ts';
import { dictionaryInfo } from '../../lib/endpoints.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { $curCity } from '../../stores/business.ts';

/** The top bar's city dropdown: cities from the CITY dictionary. */
export default function CityPicker({ locale }: { locale: Locale }) {
  const t = dictionary(locale).city;
  const city = useClientStore($curCity, null);
  const [cities, setCities] = useState<DictionaryEntry[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    callApi(dictionaryInfo, { dictionaryId: 'CITY' }, { quiet: true })
      .then(setCities)
      .catch(() => setFailed(true));
  }, []);

  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-slate-700">{t.label}</span>
      <select
        className="min-h-11 w-44 rounded-lg border border-slate-400 bg-white px-2 py-1 text-slate-900"
        value={city ?? ''}
        disabled={!cities}
        onChange={(e) => $curCity.set(e.target.value || null)}
      >
        <option value="">{cities ? t.choose : failed ? t.failed : t.loading}</option>
        {cities?.map((c) => (
          <option key={c.value} value={c.value}>
            {c.labelName}
          </option>
        ))}
      </select>
    </label>
  );
}
