import type { MessageKey } from './messages.ts';

/**
 * One state table: the moves a record may make, declared once, and the answer to "may this
 * record make this move now?". Orders, refunds, e-invoices, warranty claims and payments each
 * declare theirs with it. A move the table does not hold is refused with the event's message
 * key (code 807 in the API) and its writer changes nothing; a move held for others only is
 * refused with `notPermitted` (the event's own key when none is given).
 */

/** One allowed move: `event` takes a record in `from` to `to`, made by one of `by`. */
export interface StateMove<S extends string, E extends string, W extends string> {
  event: E;
  from: S;
  to: S;
  by: readonly W[];
}

export type Allowed<R> = { ok: true; row: R };
export type Refused = { ok: false; key: MessageKey; params?: Record<string, string | number>; reason: 'state' | 'by' };

export interface StateTable<S extends string, E extends string, W extends string, R extends StateMove<S, E, W>, T> {
  readonly rows: readonly R[];
  /** The row that lets `by` make `event` on a record in `state`, or the refusal. */
  move(state: T, event: E, by: W): Allowed<R> | Refused;
  /** Whether the table holds the move for `by`. */
  allows(state: T, event: E, by: W): boolean;
  /** The moves `by` could make on a record in `state` (the console's buttons), each once. */
  eventsFor(state: T, by: W): E[];
  /** The states a record may be in for `event` to apply (for a conditional write). */
  fromStates(event: E): S[];
}

export interface StateTableSpec<S extends string, E extends string, W extends string, R extends StateMove<S, E, W>, T> {
  rows: readonly R[];
  /** The key a move is refused with when the record's state does not allow it. */
  refusal: Record<E, MessageKey>;
  /** The key a move is refused with when the state allows it but not for this actor. */
  notPermitted?: MessageKey;
  /** Whether a row applies to a record (default: the row's `from` is its state). */
  applies?: (row: R, state: T) => boolean;
}

export function stateTable<S extends string, E extends string, W extends string, R extends StateMove<S, E, W> = StateMove<S, E, W>, T = S>(
  spec: StateTableSpec<S, E, W, R, T>,
): StateTable<S, E, W, R, T> {
  const applies = spec.applies ?? ((row: R, state: T) => (row.from as unknown) === state);
  const move = (state: T, event: E, by: W): Allowed<R> | Refused => {
    const rows = spec.rows.filter((r) => r.event === event && applies(r, state));
    if (rows.length === 0) return { ok: false, key: spec.refusal[event], reason: 'state' };
    const row = rows.find((r) => r.by.includes(by));
    if (!row) return { ok: false, key: spec.notPermitted ?? spec.refusal[event], reason: 'by' };
    return { ok: true, row };
  };
  return {
    rows: spec.rows,
    move,
    allows: (state, event, by) => move(state, event, by).ok,
    eventsFor: (state, by) => [...new Set(spec.rows.filter((r) => applies(r, state) && r.by.includes(by)).map((r) => r.event))],
    fromStates: (event) => [...new Set(spec.rows.filter((r) => r.event === event).map((r) => r.from))],
  };
}
