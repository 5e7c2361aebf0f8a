import { describe, expect, test } from 'vitest';
import { errorMessage, loggableError } from '../../server/db/loggable.ts';

/** What a failed query looks like from the ORM: its message repeats the statement and every bound value. */
function failedQuery(causeMessage: string, code: string) {
  const cause = Object.assign(new Error(causeMessage), { code });
  const params = ['evt_sbx_1', '{"amountSen":2147483648,"paymentId":"pay-secret"}', 2147483648];
  const query = 'insert into "payment_events" ("event_id", "payload", "amount_sen") values ($1, $2, $3)';
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause }), { name: 'DrizzleQueryError', query, params });
}

describe('errors as the log keeps them', () => {
  test('a failed query: the statement and the reason, never the bound values', () => {
    const err = failedQuery('relation "payment_events" does not exist', '42P01');
    const line = errorMessage(err);
    expect(line).toBe('query failed: insert into "payment_events" ("event_id", "payload", "amount_sen") values ($1, $2, $3) ([42P01] relation "payment_events" does not exist)');
    expect(String(loggableError(err))).not.toContain('pay-secret');
  });

  test('a value the database refused is not repeated from its own words', () => {
    const err = failedQuery('value "2147483648" is out of range for type integer', '22003');
    expect(errorMessage(err)).not.toContain('2147483648');
    expect(String(loggableError(err))).not.toContain('2147483648');
    expect(errorMessage(err)).toContain('[22003] value "…" is out of range for type integer');
  });

  test('an error caused by a failed query is told by its own message and the statement', () => {
    const err = new Error('could not book', { cause: failedQuery('deadlock detected', '40P01') });
    expect(errorMessage(err)).toBe('could not book: query failed: insert into "payment_events" ("event_id", "payload", "amount_sen") values ($1, $2, $3) ([40P01] deadlock detected)');
    expect(String(loggableError(err))).not.toContain('pay-secret');
  });

  test('any other error is itself', () => {
    const err = new Error('SMS gateway unreachable');
    expect(errorMessage(err)).toBe('SMS gateway unreachable');
    expect(loggableError(err)).toBe(err);
    expect(errorMessage('plain')).toBe('plain');
  });
});
