/**
 * npm run staff -- add --phone "+60 12-345 6789" --role admin|workshop [--store <workshop id>]
 * npm run staff -- remove --phone "+60 12-345 6789"
 * npm run staff -- list
 *
 * Works on the database `npm start` uses (DATABASE_URL, else the PGlite folder DATA_DIR,
 * refused in one line while a server holds it). Staff log in with the phone like customers.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatPhone } from '../contract/rules/phone.ts';
import { loadConfigOrExit } from '../server/config.ts';
import { readContent } from '../server/db/content.ts';
import { openDatabase } from '../server/db/client.ts';
import { cityFile } from '../server/modules/dictionary/service.ts';
import { loadWorkshops } from '../server/modules/stores/content.ts';
import { addStaff, checkStaffEntry, listStaff, removeStaff, staffPhone } from '../server/modules/staff/service.ts';

const USAGE = 'usage: npm run staff -- add --phone <phone> --role admin|workshop [--store <workshop id>] | remove --phone <phone> | list';

function fail(problem: string): never {
  console.error(`staff: ${problem}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { phone: { type: 'string' }, role: { type: 'string' }, store: { type: 'string' } } });
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
}
const { positionals, values } = parsed;
const command = positionals[0];
if (positionals.length !== 1 || !['add', 'remove', 'list'].includes(command!)) fail(USAGE);
if (command === 'list' && (values.phone || values.role || values.store)) fail('list takes no options');
if (command === 'remove' && (values.role || values.store)) fail('remove takes only --phone');

const contentDir = path.resolve('content');
let entry: ReturnType<typeof checkStaffEntry> | null = null;
if (command === 'add') {
  const cities = await readContent(contentDir, 'dictionaries/city.json', cityFile);
  const workshops = await loadWorkshops(contentDir, new Set(cities.entries.map((e) => e.value)));
  entry = checkStaffEntry({ phone: values.phone, role: values.role, store: values.store }, new Set(workshops.map((w) => w.id)));
  if (!entry.ok) fail(entry.problem);
}
let removing: string | null = null;
if (command === 'remove') {
  if (!values.phone) fail('a phone number is required (--phone)');
  const phone = staffPhone(values.phone);
  if (!phone.ok) fail(`"${values.phone}" is not a Malaysian mobile number`);
  removing = phone.phone;
}

const database = await openDatabase(loadConfigOrExit().database);
try {
  const now = new Date();
  if (entry?.ok) {
    const { row, change } = await addStaff(database.db, entry.entry, 'command', now);
    const what = row.role === 'admin' ? 'admin' : `workshop staff of ${row.storeId}`;
    console.log(change === 'unchanged' ? `${formatPhone(row.phone)} is already ${what}` : `${formatPhone(row.phone)} ${change === 'added' ? 'added as' : 'is now'} ${what}`);
  } else if (removing) {
    const removed = await removeStaff(database.db, removing, now);
    if (!removed) {
      console.error(`staff: ${formatPhone(removing)} is not staff`);
      process.exitCode = 1;
    } else console.log(`${formatPhone(removing)} removed: their next console call is refused`);
  } else {
    const rows = await listStaff(database.db);
    if (rows.length === 0) console.log('no staff');
    for (const r of rows) console.log(`${formatPhone(r.phone)}\t${r.role}\t${r.storeId ?? '-'}\tsince ${r.addedAt.toISOString()}`);
  }
} finally {
  await database.close();
}
