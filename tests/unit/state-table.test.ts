import { describe, expect, test } from 'vitest';
import { message } from '../../contract/rules/messages.ts';
import { stateTable, type StateMove } from '../../contract/rules/state-table.ts';
import { transitionWarranty } from '../../contract/rules/warranty.ts';
import { transitionDocument } from '../../server/modules/einvoices/states.ts';
import { paymentRefusal, paymentStates, paymentTable, type PaymentEvent } from '../../server/modules/payments/states.ts';
import type { PaymentState } from '../../server/modules/payments/schema.ts';

type Light = 'red' | 'green' | 'amber';
type Turn = 'go' | 'slow' | 'stop';
const lights = stateTable<Light, Turn, 'driver' | 'police'>({
  rows: [
    { event: 'go', from: 'red', to: 'green', by: ['driver'] },
    { event: 'slow', from: 'green', to: 'amber', by: ['driver', 'police'] },
    { event: 'stop', from: 'amber', to: 'red', by: ['police'] },
    { event: 'stop', from: 'green', to: 'red', by: ['police'] },
  ],
  refusal: { go: 'order.payRefused', slow: 'order.startRefused', stop: 'order.cancelRefused' },
  notPermitted: 'order.notPermitted',
});

describe('a state table', () => {
  test('a move it holds is allowed, with its row', () => {
    expect(lights.move('red', 'go', 'driver')).toEqual({ ok: true, row: { event: 'go', from: 'red', to: 'green', by: ['driver'] } });
    expect(lights.allows('green', 'slow', 'police')).toBe(true);
  });

  test('a move from a state it does not hold is refused with the event key', () => {
    expect(lights.move('amber', 'go', 'driver')).toEqual({ ok: false, key: 'order.payRefused', reason: 'state' });
    expect(lights.allows('red', 'slow', 'police')).toBe(false);
  });

  test('a move held for others is refused as not permitted, or with the event key when the table names none', () => {
    expect(lights.move('green', 'stop', 'driver')).toEqual({ ok: false, key: 'order.notPermitted', reason: 'by' });
    const plain = stateTable<Light, Turn, 'driver' | 'police'>({ rows: lights.rows, refusal: { go: 'order.payRefused', slow: 'order.startRefused', stop: 'order.cancelRefused' } });
    expect(plain.move('green', 'stop', 'driver')).toEqual({ ok: false, key: 'order.cancelRefused', reason: 'by' });
  });

  test('the moves an actor could make now, each once, and the states an event leaves from', () => {
    expect(lights.eventsFor('green', 'police')).toEqual(['slow', 'stop']);
    expect(lights.eventsFor('green', 'driver')).toEqual(['slow']);
    expect(lights.fromStates('stop')).toEqual(['amber', 'green']);
  });

  test('a table may match rows on more than the state', () => {
    type Car = { light: Light; lane: 'bus' | 'car' };
    const lanes = stateTable<Light, Turn, 'driver', StateMove<Light, Turn, 'driver'> & { lane: Car['lane'] }, Car>({
      rows: [{ event: 'go', from: 'red', to: 'green', by: ['driver'], lane: 'bus' }],
      refusal: { go: 'order.payRefused', slow: 'order.startRefused', stop: 'order.cancelRefused' },
      applies: (row, car) => row.from === car.light && row.lane === car.lane,
    });
    expect(lanes.allows({ light: 'red', lane: 'bus' }, 'go', 'driver')).toBe(true);
    expect(lanes.move({ light: 'red', lane: 'car' }, 'go', 'driver')).toMatchObject({ ok: false, key: 'order.payRefused' });
  });
});

describe('the tables built on it keep their refusals', () => {
  test('e-invoices: a move out of turn, or by the wrong actor, is refused the same way', () => {
    expect(transitionDocument('VALID', 'submit', 'system')).toEqual({ ok: false, key: 'einvoice.moveRefused' });
    expect(transitionDocument('PENDING', 'submit', 'staff')).toEqual({ ok: false, key: 'einvoice.moveRefused' });
    expect(transitionDocument('INVALID', 'retry', 'staff')).toEqual({ ok: true, status: 'PENDING' });
  });

  test('warranty claims: a workshop offering a refund is forbidden; a closed claim refuses the move', () => {
    expect(transitionWarranty('SUBMITTED', 'refund', 'workshop')).toEqual({ ok: false, key: 'console.adminOnly', forbidden: true });
    expect(transitionWarranty('RESOLVED', 'accept', 'admin')).toEqual({ ok: false, key: 'warranty.notSubmitted' });
    expect(transitionWarranty('ACCEPTED', 'resolve', 'workshop')).toEqual({ ok: true, status: 'RESOLVED' });
  });
});

describe('the payment state table', () => {
  const states: PaymentState[] = ['pending', 'succeeded', 'failed', 'expired'];
  const allowed: Record<PaymentEvent, PaymentState[]> = { pay: ['pending', 'failed', 'expired'], fail: ['pending'], expire: ['pending'] };

  test.each(Object.entries(allowed))('%s is allowed from %j only', (event, from) => {
    for (const state of states) {
      const refusal = paymentRefusal(state, event as PaymentEvent);
      if (from.includes(state)) expect(refusal).toBeNull();
      else expect(refusal).toMatchObject({ ok: false, key: 'payment.moveRefused' });
    }
  });

  test('a paid payment never moves again, and its refusal is worded in every language', () => {
    expect(paymentStates.eventsFor('succeeded', 'system')).toEqual([]);
    expect(paymentTable.filter((r) => r.from === 'succeeded')).toEqual([]);
    expect(message('en', 'payment.moveRefused')).toBe("This payment's state does not allow that.");
    expect(message('ms', 'payment.moveRefused')).not.toBe(message('en', 'payment.moveRefused'));
    expect(message('zh-cn', 'payment.moveRefused')).not.toBe(message('en', 'payment.moveRefused'));
  });
});
