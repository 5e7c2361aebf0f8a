import { z } from 'zod';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';

export const banner = z
  .object({
    id: z.string(),
    adPath: z.string().meta({ description: 'Image URL.' }),
    width: z.number().int(),
    height: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    alt: z.string(),
    link: z.string().meta({ description: 'Where the banner leads, a site path under /pc/.' }),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof banner>;

export const homeBanner = defineCall({
  path: paths.homeBanner,
  summary: 'Banners of the home carousel, in the request language',
  tag: 'home',
  auth: false,
  request: z.strictObject({
    model: z.string().max(80).optional().meta({ description: 'The chosen car model; banners for it come first.' }),
  }),
  response: z.array(banner),
});
