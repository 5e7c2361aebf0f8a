import { describe, expect, test } from 'vitest';
import { databaseUnavailableCause, isDatabaseUnavailable } from '../../server/db/unavailable.ts';

/** An error as pg reports one from the server: the SQLSTATE in `code`. */
const fromServer = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
/** An error as Node reports a socket failure. */
const fromSocket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
/** Drizzle wraps what the driver threw, with the query and its parameters in the message. */
const wrapped = (cause: unknown) => new Error("Failed query: select * from sessions where token_hash = $1\nparams: abc", { cause });

describe('a database out of reach', () => {
  test.each([
    ['a backend terminated by an administrator (57P01)', fromServer('57P01', 'terminating connection due to administrator command')],
    ['a server crash (57P02)', fromServer('57P02', 'terminating connection because of crash of another server process')],
    ['a server starting up (57P03)', fromServer('57P03', 'the database system is starting up')],
    ['a server out of connections (53300)', fromServer('53300', 'sorry, too many clients already')],
    ['a connection failure (08006)', fromServer('08006', 'connection failure')],
    ['a connection never made (08001)', fromServer('08001', 'could not connect')],
    ['a refused connection', fromSocket('ECONNREFUSED')],
    ['a reset connection', fromSocket('ECONNRESET')],
    ['a host that cannot be found', fromSocket('ENOTFOUND')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['a connection ended while connecting', new Error('Connection terminated due to connection timeout')],
    ['a client already broken', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection free in time', new Error('timeout exceeded when trying to connect')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test('is found behind the query error that wraps it, and named', () => {
    const cause = fromServer('57P01', 'terminating connection due to administrator command');
    expect(databaseUnavailableCause(wrapped(cause))).toBe(cause);
  });

  test('is found among the attempts of an aggregate (IPv6 and IPv4 both refused)', () => {
    const refused = new AggregateError([fromSocket('ECONNREFUSED'), fromSocket('ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(wrapped(refused))).toBe(true);
  });
});

describe('a failure of the query itself', () => {
  test.each([
    ['a unique violation', fromServer('23505', 'duplicate key value violates unique constraint "users_phone_unique"')],
    ['a missing table', fromServer('42P01', 'relation "sessions" does not exist')],
    ['a deadlock', fromServer('40P01', 'deadlock detected')],
    ['a statement cancelled by its time-out', fromServer('57014', 'canceling statement due to statement timeout')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an error coded with a number', Object.assign(new Error('Not found'), { code: 404 })],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  test.each([null, undefined, 'Connection terminated', 42])('%s thrown as such is not', (thrown) => {
    expect(isDatabaseUnavailable(thrown)).toBe(false);
  });

  test('an error whose causes loop back on themselves is looked at once', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
