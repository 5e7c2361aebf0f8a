import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';

/**
 * What a reset empties and what it puts back, noted as tests write. Beside the shop's tables (in
 * a schema of their own, which the shop never reads) the harness keeps a copy of every table
 * content/ filled, and triggers note what statements write: the tables written (each table; a
 * truncate, a cascade's included) and, in content tables, the primary keys of the rows written.
 * A note is part of the writing transaction, so a write rolled back leaves none; notes are only
 * ever appended (no key, no update), so they never make concurrent transactions wait on each other. A reset then
 * empties only the tables written (or whose identity sequence moved), and puts back only the
 * content rows written, from the copy: an order's few stock reservations and movements are
 * undone in a few statements, not by reloading content/ (some 25,000 stock rows), and the stock
 * triggers tell a process's stock memory of each sku put back (server/modules/stock/memory.ts).
 * Only when that fails (e.g. a content table truncated by a test) is content/ loaded again.
 */

/** Every table but drizzle's migration bookkeeping. */
async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select quote_ident(schemaname) || '.' || quote_ident(tablename) as name
    from pg_tables
    where schemaname = current_schema() and tablename <> '__drizzle_migrations'
    order by 1`);
  return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
}

/** These tables emptied in one statement. */
async function emptyTables(db: Db, names: string[]) {
  if (names.length) await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

/** The schema of the copy and the notes. */
const KEPT = 'servauto_test_content';

interface ContentTable {
  name: string;
  /** Primary key columns and their types: rows are put back by key. */
  key: { column: string; type: string }[];
  columns: string[];
  /** The identity column, whose sequence goes back with its rows. */
  identity?: string;
}

interface ContentCopy {
  /** Every table of the shop. */
  all: string[];
  /** The tables content/ filled, parents before the tables that refer to them. */
  content: ContentTable[];
  /** Identity sequences of the other tables: one that moved means its table had rows (maybe rolled back). */
  sequences: Map<string, string>;
}

/** The copy each open database keeps (on PostgreSQL a new pool is a new entry: it loads content/ once). */
const copies = new WeakMap<Db, ContentCopy>();

async function rows<T>(db: Db, query: string): Promise<T[]> {
  return ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

const bare = (name: string) => name.replace(/^.*\./, '').replaceAll('"', '');
/** Where the copy of content table `name` is kept. */
const keptCopy = (name: string) => `${KEPT}."${bare(name)}"`;
const quoted = (column: string) => `"${column.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Copies the content tables as they are now and starts noting what statements write. */
async function keepContent(db: Db, all: string[]): Promise<ContentCopy> {
  const filled: string[] = [];
  for (const name of all) if ((await rows(db, `select 1 from ${name} limit 1`)).length) filled.push(name);
  // Parents first: a table that refers to another content table comes after it.
  const refs = await rows<{ child: string; parent: string }>(
    db,
    `select conrelid::regclass::text as child, confrelid::regclass::text as parent from pg_constraint
     where contype = 'f' and connamespace = current_schema()::regnamespace and conrelid <> confrelid`,
  );
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name) || path.includes(name)) return;
    for (const { child, parent } of refs)
      if (bare(child) === bare(name)) {
        const found = filled.find((f) => bare(f) === bare(parent));
        if (found) visit(found, [...path, name]);
      }
    ordered.push(name);
  };
  for (const name of filled) visit(name, []);
  const columns = await rows<{ table: string; column: string; identity: boolean; key: number | null; type: string }>(
    db,
    `select c.relname as table, a.attname as column, a.attidentity <> '' as identity,
        array_position(i.indkey::int2[], a.attnum) as key, format_type(a.atttypid, a.atttypmod) as type
     from pg_attribute a join pg_class c on c.oid = a.attrelid
     left join pg_index i on i.indrelid = c.oid and i.indisprimary
     where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by c.relname, a.attnum`,
  );
  const content: ContentTable[] = ordered.map((name) => {
    const own = columns.filter((c) => c.table === bare(name));
    return {
      name,
      key: own
        .filter((c) => c.key !== null)
        .sort((x, y) => x.key! - y.key!)
        .map(({ column, type }) => ({ column, type })),
      columns: own.map((c) => c.column),
      identity: own.find((c) => c.identity)?.column,
    };
  });
  const sequences = new Map<string, string>();
  for (const { table, column } of columns.filter((c) => c.identity)) {
    const name = all.find((n) => bare(n) === table);
    if (!name || filled.includes(name)) continue;
    const [found] = await rows<{ sequence: string | null }>(db, `select pg_get_serial_sequence(${literal(name)}, ${literal(column)}) as sequence`);
    if (found?.sequence) sequences.set(bare(found.sequence), name);
  }
  for (const statement of [
    `create schema if not exists ${KEPT}`,
    `create table if not exists ${KEPT}.written (name text not null, truncated boolean not null)`,
    `create table if not exists ${KEPT}.written_rows (name text not null, key jsonb)`,
    `create or replace function ${KEPT}.note_table() returns trigger language plpgsql as $$
      begin
        insert into ${KEPT}.written values (TG_TABLE_NAME, TG_OP = 'TRUNCATE');
        return null;
      end $$`,
    // TG_ARGV: the primary key's columns; the key is noted as a JSON array of their values.
    `create or replace function ${KEPT}.note_row() returns trigger language plpgsql as $$
      begin
        if TG_OP <> 'INSERT' then
          insert into ${KEPT}.written_rows select TG_TABLE_NAME, jsonb_agg(to_jsonb(OLD) -> c order by o) from unnest(TG_ARGV) with ordinality u (c, o);
        end if;
        if TG_OP <> 'DELETE' then
          insert into ${KEPT}.written_rows select TG_TABLE_NAME, jsonb_agg(to_jsonb(NEW) -> c order by o) from unnest(TG_ARGV) with ordinality u (c, o);
        end if;
        return null;
      end $$`,
  ])
    await db.execute(sql.raw(statement));
  for (const name of all) {
    await db.execute(
      sql.raw(`create or replace trigger servauto_test_written after insert or update or delete or truncate on ${name}
        for each statement execute function ${KEPT}.note_table()`),
    );
  }
  for (const table of content) {
    await db.execute(sql.raw(`drop table if exists ${keptCopy(table.name)}`));
    await db.execute(sql.raw(`create table ${keptCopy(table.name)} as select * from ${table.name}`));
    if (!table.key.length) continue;
    await db.execute(sql.raw(`create index on ${keptCopy(table.name)} (${table.key.map((k) => quoted(k.column)).join(', ')})`));
    await db.execute(
      sql.raw(`create or replace trigger servauto_test_written_rows after insert or update or delete on ${table.name}
        for each row execute function ${KEPT}.note_row(${table.key.map((k) => literal(k.column)).join(', ')})`),
    );
  }
  await db.execute(sql.raw(`truncate ${KEPT}.written, ${KEPT}.written_rows`));
  return { all, content, sequences };
}

/**
 * Empties the tables written since the copy and puts back the content rows written. False when
 * the copy no longer stands (its triggers are gone) or cannot put content back: load content/ again.
 */
async function putBack(db: Db, copy: ContentCopy): Promise<boolean> {
  const [state] = await rows<{ written: string[] | null; sequences: string[] | null; triggers: number }>(
    db,
    `select (select array_agg(distinct name) from ${KEPT}.written) as written,
      (select array_agg(sequencename::text) from pg_sequences where schemaname = current_schema() and last_value is not null) as sequences,
      (select count(*)::int from pg_trigger where tgname = 'servauto_test_written') as triggers`,
  );
  if (state!.triggers < copy.all.length) return false;
  const contentNames = new Set(copy.content.map((t) => bare(t.name)));
  const empty = new Set<string>();
  for (const name of state!.written ?? []) if (!contentNames.has(name)) empty.add(copy.all.find((n) => bare(n) === name) ?? name);
  for (const sequence of state!.sequences ?? []) {
    const table = copy.sequences.get(sequence);
    if (table) empty.add(table);
  }
  await emptyTables(db, [...empty]);
  // Read after emptying, which may have cascaded.
  const written = new Map((await rows<{ name: string; truncated: boolean }>(db, `select name, bool_or(truncated) as truncated from ${KEPT}.written group by name`)).map((r) => [r.name, r.truncated]));
  const changed = copy.content.filter((t) => written.has(bare(t.name)));
  if (changed.some((t) => !t.key.length)) return false;
  if (changed.length) {
    try {
      await db.transaction(async (tx) => {
        const run = (query: string) => tx.execute(sql.raw(query));
        const match = (t: ContentTable, a: string, b: string) => t.key.map((k) => `${a}.${quoted(k.column)} = ${b}.${quoted(k.column)}`).join(' and ');
        const keys = (t: ContentTable) => `(select distinct ${t.key.map((k, i) => `(w.key ->> ${i})::${k.type} as ${quoted(k.column)}`).join(', ')} from ${KEPT}.written_rows w where w.name = ${literal(bare(t.name))})`;
        // A truncated content table is put back whole; its rows were not noted one by one.
        for (const t of changed.filter((t) => written.get(bare(t.name)))) {
          await run(`insert into ${KEPT}.written_rows select ${literal(bare(t.name))}, jsonb_build_array(${t.key.map((k) => `k.${quoted(k.column)}`).join(', ')}) from ${keptCopy(t.name)} k
            where not exists (select 1 from ${t.name} x where ${match(t, 'x', 'k')})`);
        }
        // Children first: no row is deleted while a row written in a table referring to it is still there.
        for (const t of [...changed].reverse()) {
          await run(`delete from ${t.name} x using ${keys(t)} w where ${match(t, 'x', 'w')} and not exists (select 1 from ${keptCopy(t.name)} k where ${match(t, 'k', 'x')})`);
        }
        for (const t of changed) {
          const others = t.columns.filter((c) => !t.key.some((k) => k.column === c));
          if (others.length) {
            await run(`update ${t.name} x set ${others.map((c) => `${quoted(c)} = k.${quoted(c)}`).join(', ')} from ${keptCopy(t.name)} k, ${keys(t)} w
              where ${match(t, 'k', 'w')} and ${match(t, 'x', 'k')} and (x.*)::text <> (k.*)::text`);
          }
          await run(`insert into ${t.name} ${t.identity ? 'overriding system value' : ''} select k.* from ${keptCopy(t.name)} k, ${keys(t)} w
            where ${match(t, 'k', 'w')} and not exists (select 1 from ${t.name} x where ${match(t, 'x', 'k')})`);
          if (t.identity) {
            await run(`select setval(pg_get_serial_sequence(${literal(t.name)}, ${literal(t.identity)}), coalesce((select max(${quoted(t.identity)}) from ${t.name}), 0) + 1, false)`);
          }
        }
      });
    } catch {
      return false;
    }
  }
  if (empty.size || changed.length) await db.execute(sql.raw(`truncate ${KEPT}.written, ${KEPT}.written_rows`));
  return true;
}

/**
 * Puts the database back as content/ left it: what tests wrote is undone from the copy, or, when
 * that cannot be done (no copy yet, a content table truncated), every table is emptied, `load`
 * fills them again and a new copy is kept.
 */
export async function resetContent(db: Db, load: () => Promise<void>): Promise<void> {
  const copy = copies.get(db);
  if (copy && (await putBack(db, copy))) return;
  const all = await tableNames(db);
  await emptyTables(db, all);
  await load();
  copies.set(db, await keepContent(db, all));
}

/** Keeps a copy of a database content/ has just filled (and nothing else has written). */
export async function keepFilledContent(db: Db): Promise<void> {
  copies.set(db, await keepContent(db, await tableNames(db)));
}

/** The write statements noted since the last reset. */
export async function statementsWritten(db: Db): Promise<number> {
  const [counted] = await rows<{ statements: number }>(db, `select count(*)::int as statements from ${KEPT}.written`);
  return counted!.statements;
}
