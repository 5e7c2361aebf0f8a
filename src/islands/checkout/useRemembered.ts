import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { SavedCar } from '../../../contract/vehicles.ts';
import { callApi } from '../../lib/api.ts';
import type { CheckoutForm } from '../../lib/checkout.ts';
import { plateFor, rememberedPlate, withRememberedName } from '../../lib/checkout-remembered.ts';
import { carInfoList, userInfo } from '../../lib/endpoints.ts';
import type { CarInfo } from '../../stores/car.ts';

interface Remembered {
  /** The name on the account, kept from the last checkout ("" when never given). */
  name: string;
  /** The garage, each car with its last plate. */
  garage: SavedCar[];
}

/**
 * The name and the car's plate from the customer's last checkout, as the server keeps them,
 * fill the form's fields that are still blank; when the car changes, a remembered plate
 * follows it (a plate the customer typed stays).
 */
export function useRemembered(car: CarInfo | null, setForm: Dispatch<SetStateAction<CheckoutForm>>) {
  const [remembered, setRemembered] = useState<Remembered | null>(null);
  const lastPlate = useRef('');

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

  useEffect(() => {
    if (!remembered) return;
    const plate = rememberedPlate(remembered.garage, car);
    const previous = lastPlate.current;
    setForm((f) => {
      const named = withRememberedName(f, remembered.name);
      const next = plateFor(named.plate, previous, plate);
      return next === named.plate ? named : { ...named, plate: next };
    });
    lastPlate.current = plate;
  }, [remembered, car, setForm]);
}
