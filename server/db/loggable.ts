/**
 * Errors as the log may keep them. A failed query's message carries the values bound to it
 * (a callback's whole body, phone numbers, key hashes), and so may the database's own words
 * about a value it refused: the log keeps the statement and the kind of failure, never the values.
 */

interface QueryError extends Error {
  query: string;
  params: unknown[];
}

function isQueryError(err: unknown): err is QueryError {
  return err instanceof Error && 'query' in err && 'params' in err && typeof err.query === 'string';
}

/** The database's reason without the quoted value it names when the value itself was refused (SQLSTATE class 22). */
function causeText(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : '';
  const message = code.startsWith('22') ? cause.message.replace(/"(?:[^"]|"")*"/g, '"…"') : cause.message;
  const trace = (cause.stack ?? '').split('\n').slice(1).join('\n');
  return `${code ? `[${code}] ` : ''}${message}${trace ? `\n${trace}` : ''}`;
}

/** The query error in an error's chain of causes, if any. */
function queryErrorIn(err: unknown): QueryError | undefined {
  for (let at = err, depth = 0; at && depth < 5; at = (at as Error).cause, depth++) {
    if (isQueryError(at)) return at;
    if (!(at instanceof Error)) return undefined;
  }
  return undefined;
}

/**
 * For console.error: a failed query (or an error caused by one) as its statement and the
 * database's reason; any other error as itself, stack and all.
 */
export function loggableError(err: unknown): unknown {
  const failed = queryErrorIn(err);
  if (!failed) return err;
  const outer = failed === err ? '' : `${(err as Error).name}: ${(err as Error).message.split('\n')[0]}\n  because `;
  return `${outer}${failed.name}: ${failed.query}\n  caused by: ${causeText(failed.cause)}`;
}

/** One line's worth: an error's message, a failed query's statement and reason only. */
export function errorMessage(err: unknown): string {
  const failed = queryErrorIn(err);
  if (failed) {
    const cause = failed.cause instanceof Error ? causeText(failed.cause).split('\n')[0] : String(failed.cause);
    return `${failed === err ? '' : `${(err as Error).message.split('\n')[0]}: `}query failed: ${failed.query.split('\n')[0]} (${cause})`;
  }
  return err instanceof Error ? err.message : String(err);
}
