import type { TestApi } from './harness.ts';

/** The garage's calls (docs/contracts/after-sale.md §1). */
export const G = {
  add: '/api/export/user/vehicle/car/info/add',
  list: '/api/export/user/vehicle/car/info/list',
  update: '/api/export/user/vehicle/car/info/update',
  history: '/api/app/garage/history',
  odometer: '/api/app/garage/odometer',
} as const;

/** Aminah's 2023 Perodua Myvi 1.5 AV, the car the order fixtures are placed for. */
export const myvi = { brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2023', variantId: 'perodua-myvi-1.5-av-2022' };

/** Saves the car to the customer's garage; its carId. */
export async function garageCar(api: TestApi, userKey: string, car: Record<string, string> = myvi): Promise<string> {
  const saved = await api.request(G.add, car, { userKey });
  if (saved.code !== 200) throw new Error(`saving the car: ${saved.msg}`);
  return (saved.data as { id: string; modelId: string }[]).find((c) => c.modelId === car.modelId)!.id;
}
