import { carInfoAdd, carInfoCurrent, carInfoDel, carInfoList, carSizeChose } from '../../contract/vehicles.ts';
import type { CallMounter } from '../http/calls.ts';
import type { CarIndex } from '../modules/vehicles/index-of-cars.ts';
import { pickCar } from '../modules/vehicles/picker.ts';
import type { garageService } from '../modules/vehicles/service.ts';

export function vehicleRoutes(calls: CallMounter, cars: CarIndex, garage: ReturnType<typeof garageService>) {
  calls.mount(carSizeChose, (input) => pickCar(cars, input));
  calls.mount(carInfoAdd, (input, c) => garage.add(c.get('user').id, input));
  calls.mount(carInfoList, (_input, c) => garage.list(c.get('user').id));
  calls.mount(carInfoCurrent, ({ id }, c) => garage.current(c.get('user').id, id));
  calls.mount(carInfoDel, ({ id }, c) => garage.remove(c.get('user').id, id));
}
