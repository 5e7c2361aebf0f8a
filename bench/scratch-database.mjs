// A benchmark on PostgreSQL runs in a database of its own, created beside the one DATABASE_URL
// names and dropped after: nothing of the named database is touched.
import pg from 'pg';

/** Runs `measure(url)` on a new database named `name_<pid>` beside DATABASE_URL's, then drops it. */
export async function onScratchDatabase(name, measure) {
  const admin = new URL(process.env.DATABASE_URL);
  const scratch = `${name}_${process.pid}`;
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  await client.query(`create database ${scratch}`);
  try {
    const url = new URL(admin.href);
    url.pathname = `/${scratch}`;
    return await measure(url.href, admin.host);
  } finally {
    await client.query(`drop database if exists ${scratch} with (force)`);
    await client.end();
  }
}
