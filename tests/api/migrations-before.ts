import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shop's migrations folder, every migration in it. */
export const migrations = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

/**
 * A copy of the shop's migrations as they were before the migration `name` (its tag, as
 * `0016_invoices`, or its name whatever its number, as `money_owed`): a database migrated with
 * it is one made before that change, for a test of the upgrade. The caller removes the folder.
 */
export function migrationsBefore(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'servauto-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === name || e.tag.endsWith(`_${name}`));
  if (at < 0) throw new Error(`no migration ${name}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}
