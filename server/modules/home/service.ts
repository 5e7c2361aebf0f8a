import { asc, eq, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Banner } from '../../../contract/home.ts';
import { BANNER_ID, SITE_PATH_PREFIX } from '../../../contract/rules/content-fields.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { Db } from '../../db/client.ts';
import { localized, pick } from '../../i18n/localized.ts';
import { banners } from './schema.ts';

export const bannerFile = z.strictObject({
  banners: z.array(
    z.strictObject({
      id: z.string().regex(BANNER_ID),
      image: z.string().startsWith(SITE_PATH_PREFIX),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      link: z.string().startsWith(SITE_PATH_PREFIX),
      models: z.array(z.string()),
      title: localized,
      subtitle: localized,
      alt: localized,
    }),
  ),
});

/** Makes the table match the content file: upsert by id, retire banners no longer listed. */
export async function syncBanners(db: Db, file: z.output<typeof bannerFile>) {
  await db.transaction(async (tx) => {
    for (const [position, b] of file.banners.entries()) {
      const row = { ...b, position, active: true };
      await tx.insert(banners).values(row).onConflictDoUpdate({ target: banners.id, set: row });
    }
    const ids = file.banners.map((b) => b.id);
    await tx.update(banners).set({ active: false }).where(ids.length ? notInArray(banners.id, ids) : undefined);
  });
}

export function homeService(db: Db) {
  return {
    /** Active banners in carousel order; those aimed at `model` first. */
    async banners(locale: Locale, model?: string): Promise<Banner[]> {
      const rows = await db.select().from(banners).where(eq(banners.active, true)).orderBy(asc(banners.position));
      const wanted = model?.trim().toLowerCase();
      const aimed = (r: (typeof rows)[number]) => (wanted ? r.models.some((m) => m.toLowerCase() === wanted) : false);
      return [...rows.filter(aimed), ...rows.filter((r) => !aimed(r))].map((r) => ({
        id: r.id,
        adPath: r.image,
        width: r.width,
        height: r.height,
        title: pick(r.title, locale),
        subtitle: pick(r.subtitle, locale),
        alt: pick(r.alt, locale),
        link: r.link,
      }));
    },
  };
}
