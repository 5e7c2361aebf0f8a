import { Code } from '../../contract/codes.ts';
import { carInfoAdd, carInfoCurrent, carInfoDel, carInfoList, carSizeChose } from '../../contract/vehicles.ts';
import type { CallMounter } from '../http/calls.ts';
import { DomainError } from '../modules/errors.ts';
import type { CarIndex } from '../modules/vehicles/index-of-cars.ts';
import type { garageService } from '../modules/vehicles/service.ts';

export function vehicleRoutes(calls: CallMounter, cars: CarIndex, garage: ReturnType<typeof garageService>) {
  calls.mount(carSizeChose, ({ brandId, modelId, yearId, level, keyword }) => {
    const notFound = () => new DomainError(Code.NOT_FOUND, 'vehicle.unknown');
    if (yearId) {
      // A year belongs to one model: a modelId that says otherwise is a car we do not know.
      if (modelId && cars.parseYearId(yearId).modelId !== modelId) throw notFound();
      const list = cars.variants({ yearId }, keyword);
      if (!list) throw notFound();
      return { level: 'variant' as const, list };
    }
    if (modelId && level === 'variant') {
      const list = cars.variants({ modelId }, keyword);
      if (!list) throw notFound();
      return { level: 'variant' as const, list };
    }
    if (modelId) {
      const list = cars.years(modelId, keyword);
      if (!list) throw notFound();
      return { level: 'year' as const, list };
    }
    if (brandId) {
      const list = cars.models(brandId, keyword);
      if (!list) throw notFound();
      return { level: 'model' as const, list };
    }
    return { level: 'brand' as const, list: cars.brands(keyword) };
  });
  calls.mount(carInfoAdd, (input, c) => garage.add(c.get('user').id, input));
  calls.mount(carInfoList, (_input, c) => garage.list(c.get('user').id));
  calls.mount(carInfoCurrent, ({ id }, c) => garage.current(c.get('user').id, id));
  calls.mount(carInfoDel, ({ id }, c) => garage.remove(c.get('user').id, id));
}
