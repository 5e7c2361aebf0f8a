import { useEffect, useState } from 'react';
import type { SavedCar } from '../../../contract/vehicles.ts';
import { callApi } from '../../lib/api.ts';
import { carInfoList, userInfo } from '../../lib/endpoints.ts';

export interface Remembered {
  /** The name on the account, kept from the last checkout ("" when never given). */
  name: string;
  /** The garage, each car with its last plate. */
  garage: SavedCar[];
}

/** The customer's name and garage as the server keeps them; null until both answered (or failed). */
export function useRemembered(): Remembered | null {
  const [remembered, setRemembered] = useState<Remembered | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([
      callApi(userInfo, {}, { quiet: true }).then((u) => u.realName || u.name, () => ''),
      callApi(carInfoList, {}, { quiet: true }).catch(() => [] as SavedCar[]),
    ]).then(([name, garage]) => live && setRemembered({ name, garage }));
    return () => {
      live = false;
    };
  }, []);
  return remembered;
}
