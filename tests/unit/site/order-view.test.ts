import { describe, expect, test } from 'vitest';
import { MAX_IMAGE_BYTES as CONTRACT_MAX_BYTES, MAX_REFUND_IMAGES as CONTRACT_MAX_IMAGES } from '../../../contract/my-orders-dto.ts';
import { noticeChannelLine, orderTimeline, refundSteps, amountForInput, senOfRinggit, type RefundHistoryRow } from '../../../src/lib/order-view.ts';
import { checkPhotos, MAX_IMAGE_BYTES, MAX_REFUND_IMAGES } from '../../../src/lib/photos.ts';

const asked: RefundHistoryRow = { status: 'PENDING_REVIEW', at: '2026-11-23T02:00:00.000Z', by: 'customer', note: 'Blade squeaks' };

describe('the refund tracker', () => {
  test('a new request is at its first step, the approved path still ahead', () => {
    const steps = refundSteps('PENDING_REVIEW', [asked]);
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ['PENDING_REVIEW', 'current'],
      ['REVIEWED', 'todo'],
      ['PROCESSING', 'todo'],
      ['COMPLETED', 'todo'],
    ]);
    expect(steps[0]).toMatchObject({ at: asked.at, note: 'Blade squeaks' });
    expect(steps[1]!.at).toBeNull();
  });
  test('a completed refund shows every step done, each with its own time', () => {
    const rows: RefundHistoryRow[] = [
      asked,
      { status: 'REVIEWED', at: '2026-11-24T03:00:00.000Z', by: 'staff', note: 'Approved' },
      { status: 'PROCESSING', at: '2026-11-24T03:00:01.000Z', by: 'system', note: '' },
      { status: 'COMPLETED', at: '2026-11-25T01:00:00.000Z', by: 'system', note: '' },
    ];
    const steps = refundSteps('COMPLETED', rows);
    expect(steps.every((s) => s.state === 'done')).toBe(true);
    expect(steps.map((s) => s.at)).toEqual(rows.map((r) => r.at));
  });
  test('a rejected request shows review then rejection with the reason, and no approved path', () => {
    const steps = refundSteps('REJECTED', [asked, { status: 'REJECTED', at: '2026-11-24T03:00:00.000Z', by: 'staff', note: 'Fitted correctly' }]);
    expect(steps.map((s) => [s.status, s.state, s.note])).toEqual([
      ['PENDING_REVIEW', 'done', 'Blade squeaks'],
      ['REJECTED', 'done', 'Fitted correctly'],
    ]);
  });
  test('a revoked request ends at its revocation', () => {
    expect(refundSteps('REVOKED', [asked]).map((s) => s.status)).toEqual(['PENDING_REVIEW', 'REVOKED']);
  });
});

describe('the order timeline', () => {
  test('state changes and SMS are merged oldest first, a state before its SMS at the same moment', () => {
    const at = '2026-11-23T02:00:00.000Z';
    const entries = orderTimeline(
      [
        { status: 'PENDING_PAYMENT', stage: null, at: '2026-11-23T01:50:00.000Z', by: 'customer', note: '' },
        { status: 'UPCOMING', stage: 'BOOKED', at, by: 'system', note: '' },
      ],
      [{ at, phone: '+60123456789', text: 'Booking confirmed', sent: true, channel: 'sms', delivery: null, fallback: false }],
    );
    expect(entries.map((e) => e.kind)).toEqual(['state', 'state', 'sms']);
  });
});

describe("a notice's channel on the timeline", () => {
  const words = { channel: { sms: 'SMS', whatsapp: 'WhatsApp' }, delivery: { sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Not delivered' }, fallback: 'instead of WhatsApp' };
  test('names the channel and what the provider said last', () => {
    expect(noticeChannelLine({ channel: 'whatsapp', delivery: 'read', fallback: false, state: 'sent' }, words)).toBe('WhatsApp · Read');
    expect(noticeChannelLine({ channel: 'sms', delivery: 'delivered', fallback: false, state: 'sent' }, words)).toBe('SMS · Delivered');
    expect(noticeChannelLine({ channel: 'whatsapp', delivery: 'failed', fallback: false, state: 'sent' }, words)).toBe('WhatsApp · Not delivered');
  });
  test('an SMS that stood in for WhatsApp says so', () => {
    expect(noticeChannelLine({ channel: 'sms', delivery: null, fallback: true, state: 'sending' }, words)).toBe('SMS · instead of WhatsApp');
    expect(noticeChannelLine({ channel: 'sms', delivery: 'delivered', fallback: true, state: 'sent' }, words)).toBe('SMS · instead of WhatsApp · Delivered');
  });
  test('taken by the provider with no status yet reads as sent; not taken yet or not at all names the channel alone', () => {
    expect(noticeChannelLine({ channel: 'whatsapp', delivery: null, fallback: false, state: 'sent' }, words)).toBe('WhatsApp · Sent');
    expect(noticeChannelLine({ channel: 'whatsapp', delivery: null, fallback: false, state: 'sending' }, words)).toBe('WhatsApp');
    expect(noticeChannelLine({ channel: 'sms', delivery: null, fallback: false, state: 'failed' }, words)).toBe('SMS');
  });
});

describe('ringgit typed for a refund', () => {
  test('amounts as people type them become sen', () => {
    expect(senOfRinggit('120')).toBe(12000);
    expect(senOfRinggit('120.5')).toBe(12050);
    expect(senOfRinggit(' RM 1,020.05 ')).toBe(102005);
  });
  test('what is not an amount is refused', () => {
    for (const typed of ['', 'abc', '1.234', '-5', '1e3', '12.']) expect(senOfRinggit(typed)).toBeNull();
  });
  test('the default amount is written back as typed ringgit', () => {
    expect(amountForInput(12050)).toBe('120.50');
    expect(amountForInput(5)).toBe('0.05');
  });
});

describe('refund photos checked before sending', () => {
  const jpeg = (name: string, size = 1000) => ({ name, size, type: 'image/jpeg' });
  test('the limits are the contract’s', () => {
    expect(MAX_REFUND_IMAGES).toBe(CONTRACT_MAX_IMAGES);
    expect(MAX_IMAGE_BYTES).toBe(CONTRACT_MAX_BYTES);
  });
  test('a photo over 5 MB is refused by name; one of exactly 5 MB is taken', () => {
    const { accepted, problems } = checkPhotos(0, [jpeg('big.jpg', 5 * 1024 * 1024 + 1), jpeg('ok.jpg', 5 * 1024 * 1024)]);
    expect(accepted.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(problems).toEqual([{ name: 'big.jpg', problem: 'tooBig' }]);
  });
  test('a file that is not a picture is refused', () => {
    expect(checkPhotos(0, [{ name: 'notes.txt', size: 10, type: 'text/plain' }]).problems).toEqual([{ name: 'notes.txt', problem: 'notImage' }]);
  });
  test('a HEIC photo without a type is taken by its name', () => {
    expect(checkPhotos(0, [{ name: 'IMG_0001.HEIC', size: 10, type: '' }]).accepted).toHaveLength(1);
  });
  test('no more than three photos in all', () => {
    const { accepted, problems } = checkPhotos(2, [jpeg('a.jpg'), jpeg('b.jpg')]);
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg']);
    expect(problems).toEqual([{ name: 'b.jpg', problem: 'tooMany' }]);
  });
});
