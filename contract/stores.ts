import { z } from 'zod';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';

const dayHours = z.object({ open: z.string(), close: z.string() }).nullable();

export const workshopDto = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string().meta({ description: 'A CITY dictionary value.' }),
    address: z.string(),
    postcode: z.string(),
    state: z.string(),
    lat: z.number(),
    lng: z.number(),
    phone: z.string(),
    hours: z.object({ mon: dayHours, tue: dayHours, wed: dayHours, thu: dayHours, fri: dayHours, sat: dayHours, sun: dayHours }),
    services: z.array(z.string()),
    bays: z.number().int(),
    openNow: z.boolean().meta({ description: 'In Kuala Lumpur time.' }),
    distanceKm: z.number().nullable().meta({ description: 'From lat/lng when given.' }),
    nextOpenDate: z.string().nullable().meta({ description: 'First appointment date it is open (YYYY-MM-DD): 2 days ahead at the earliest, no Sundays.' }),
    wazeUrl: z.string(),
    googleMapsUrl: z.string(),
  })
  .meta({ id: 'Workshop' });
export type WorkshopDto = z.infer<typeof workshopDto>;

const near = {
  city: z.string().max(40).optional().meta({ description: 'A CITY dictionary value; all cities when left out.' }),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
};

export const doorStoreList = defineCall({
  path: paths.doorStoreList,
  summary: 'Partner workshops, in a city or all, nearest first when lat/lng are given',
  tag: 'stores',
  auth: false,
  request: z.strictObject({ ...near, service: z.string().max(40).optional().meta({ description: 'A category className.' }) }),
  response: z.array(workshopDto),
});

export const clientStore = defineCall({
  path: paths.clientStore,
  summary: 'The workshops that can fit a product, with the first date each can take an appointment',
  tag: 'stores',
  auth: false,
  request: z.strictObject({ productId: z.string().min(1).max(80), ...near }),
  response: z.array(workshopDto),
  codes: { 404: 'Unknown product.' },
});
