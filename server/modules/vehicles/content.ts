import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readContent } from '../../db/content.ts';

/** What a variant takes: the facts that decide which parts fit it. */
export const fitment = z.strictObject({
  /** Tyre sizes fitted from the factory, e.g. "195/50R16"; front first when they differ. */
  tyres: z.array(z.string().regex(/^\d{3}\/\d{2}Z?R\d{2}$/)).min(1),
  /** Wiper blade lengths in inches; rear is null when the car has no rear wiper. */
  wipers: z.strictObject({
    driver: z.number().int().min(12).max(32),
    passenger: z.number().int().min(10).max(30),
    rear: z.number().int().min(8).max(18).nullable(),
  }),
  /** Brake pad fitment codes (our catalogue's codes), front and rear; rear null for drum brakes. */
  brakePads: z.strictObject({ front: z.string().regex(/^[A-Z0-9-]+$/), rear: z.string().regex(/^[A-Z0-9-]+$/).nullable() }),
  /** Engine oil: SAE grade and capacity with filter, in litres; null for electric cars. */
  oil: z.strictObject({ grade: z.string().regex(/^\d{1,2}W-\d{2}$/), litres: z.number().min(2).max(12) }).nullable(),
});
export type Fitment = z.infer<typeof fitment>;

export const bodyTypes = ['Hatchback', 'Sedan', 'SUV', 'MPV', 'Pickup', 'Coupe', 'Wagon', 'Van'] as const;
/** Size classes set labour prices: S compact, M mid-size, L large (SUV, MPV), XL pickups and the biggest. */
export const sizeClasses = ['S', 'M', 'L', 'XL'] as const;
export type SizeClass = (typeof sizeClasses)[number];

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9.]+)*$/);
const year = z.number().int().min(1990).max(2027);

export const variant = z.strictObject({
  /** Stable id, unique across all brands: brand-model-variant. */
  id: slug,
  /** As a customer reads it: "1.5 AV", "2.0 VTEC Turbo RS". */
  name: z.string().min(1),
  /** First and last model year sold (inclusive). */
  years: z.tuple([year, year]),
  engine: z.string().min(1),
  transmission: z.enum(['Manual', 'Automatic', 'CVT', 'DCT', 'Single-speed']),
  fuel: z.enum(['Petrol', 'Diesel', 'Hybrid', 'Electric']),
  bodyType: z.enum(bodyTypes),
  sizeClass: z.enum(sizeClasses),
  fitment,
});

export const model = z.strictObject({ id: slug, name: z.string().min(1), variants: z.array(variant).min(1) });

export const brandFile = z.strictObject({
  id: slug,
  name: z.string().min(1),
  /** Shown first in the picker: the brands most Malaysians drive. */
  popular: z.boolean(),
  models: z.array(model).min(1),
});
export type BrandContent = z.infer<typeof brandFile>;

/** Every content/vehicles/*.json, checked; ids must be unique across files. */
export async function loadVehicles(contentDir: string): Promise<BrandContent[]> {
  const dir = path.join(contentDir, 'vehicles');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const brands = await Promise.all(files.map((f) => readContent(contentDir, path.join('vehicles', f), brandFile)));
  const seen = new Set<string>();
  for (const b of brands) {
    for (const id of [b.id, ...b.models.flatMap((m) => [m.id, ...m.variants.map((v) => v.id)])]) {
      if (seen.has(id)) throw new Error(`content/vehicles: the id "${id}" is used twice`);
      seen.add(id);
    }
    for (const m of b.models) for (const v of m.variants) {
      if (v.years[0] > v.years[1]) throw new Error(`content/vehicles: ${v.id} has years ${v.years.join('–')}`);
    }
  }
  return brands;
}
