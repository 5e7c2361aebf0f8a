import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { categories } from '../../../contract/rules/categories.ts';
import { readContent } from '../../db/content.ts';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** Opening hours of one day; null when closed. */
const day = z.strictObject({ open: time, close: time }).nullable();

export const workshop = z.strictObject({
  /** Stable id: city-name, e.g. "petaling-jaya-ss2-tyre-auto". */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().min(1),
  /** A CITY dictionary value (content/dictionaries/city.json). */
  city: z.string().min(1),
  address: z.string().min(1),
  postcode: z.string().regex(/^\d{5}$/),
  state: z.string().min(1),
  lat: z.number().min(0.8).max(7.5),
  lng: z.number().min(99.5).max(119.5),
  /** Sabah and Sarawak landlines have six digits after the area code. */
  phone: z.string().regex(/^\+60 \d{1,2}-\d{3,4} \d{3,4}$/),
  /** Monday first. */
  hours: z.strictObject({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day }),
  /** The categories (className) this workshop fits. */
  services: z.array(z.enum(categories.map((c) => c.className) as [string, ...string[]])).min(1),
  bays: z.number().int().min(1).max(30),
  /** Public holidays it closes on (Malaysian federal holidays it observes), ISO dates. */
  closedOn: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
});
export type WorkshopContent = z.infer<typeof workshop>;

export const storesFile = z.strictObject({ workshops: z.array(workshop).min(1) });

/** Every content/stores/*.json (one file per state or region), checked. */
export async function loadWorkshops(contentDir: string, cityValues: Set<string>): Promise<WorkshopContent[]> {
  const dir = path.join(contentDir, 'stores');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const all = (await Promise.all(files.map((f) => readContent(contentDir, path.join('stores', f), storesFile)))).flatMap((f) => f.workshops);
  const ids = new Set<string>();
  for (const w of all) {
    if (ids.has(w.id)) throw new Error(`content/stores: the id "${w.id}" is used twice`);
    ids.add(w.id);
    if (!cityValues.has(w.city)) throw new Error(`content/stores: ${w.id} is in "${w.city}", which is not in the CITY dictionary`);
  }
  return all;
}
