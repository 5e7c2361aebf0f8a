import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { readContent } from '../content.ts';
import { bannerFile, syncBanners } from '../modules/home/service.ts';
import { dictionaryFile, syncDictionary } from '../modules/dictionary/service.ts';
import type { Db } from './client.ts';
import { settings } from './settings.ts';

/** Loads content/ into the database. Idempotent: run on every start, content wins. */
export async function syncContent(db: Db, contentDir: string) {
  await syncBanners(db, await readContent(contentDir, 'home/banners.json', bannerFile));
  await syncDictionary(db, await readContent(contentDir, 'dictionaries/city.json', dictionaryFile));
}

/** The configured secret, else one generated on first start and shared through the database. */
export async function serverSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: 'otp_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'otp_secret'));
  return row!.value;
}
