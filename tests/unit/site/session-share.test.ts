import { describe, expect, test } from 'vitest';
import { onSessionMessage } from '../../../src/stores/session-share.ts';
import { parseSession, type Session } from '../../../src/stores/user.ts';

const aminah: Session = {
  userKey: 'key-aminah',
  user: { id: 'u1', name: '', realName: 'Aminah', phone: '+60123456789', avatar: '', useType: 1, companyId: 1, createdAt: '2025-01-02T03:04:05.000Z' },
};
const other: Session = { ...aminah, userKey: 'key-other' };

describe('the session handed between the tabs of one browser', () => {
  test('an open tab answers a new tab with its session', () => {
    expect(onSessionMessage({ type: 'ask' }, aminah, parseSession)).toEqual({ reply: { type: 'session', session: aminah } });
  });

  test('a tab without a login has nothing to answer', () => {
    expect(onSessionMessage({ type: 'ask' }, null, parseSession)).toEqual({});
  });

  test('a tab without a login takes the session it is handed', () => {
    expect(onSessionMessage({ type: 'session', session: aminah }, null, parseSession)).toEqual({ next: aminah });
  });

  test('a tab keeps its own login when another arrives', () => {
    expect(onSessionMessage({ type: 'session', session: other }, aminah, parseSession)).toEqual({});
  });

  test('a session of the wrong shape is ignored', () => {
    expect(onSessionMessage({ type: 'session', session: { userKey: 'x' } }, null, parseSession)).toEqual({});
    expect(onSessionMessage({ type: 'session', session: { ...aminah, userKey: '' } }, null, parseSession)).toEqual({});
    expect(onSessionMessage('session', null, parseSession)).toEqual({});
  });

  test('logging out in one tab logs out the tabs holding the same key, and only those', () => {
    expect(onSessionMessage({ type: 'logout', userKey: 'key-aminah' }, aminah, parseSession)).toEqual({ next: null });
    expect(onSessionMessage({ type: 'logout', userKey: 'key-aminah' }, other, parseSession)).toEqual({});
    expect(onSessionMessage({ type: 'logout', userKey: 'key-aminah' }, null, parseSession)).toEqual({});
  });
});

describe('a stored session', () => {
  test('is kept when it has a key and a user', () => {
    expect(parseSession(aminah)).toEqual(aminah);
  });

  test('is dropped when the user is missing or malformed', () => {
    expect(parseSession({ userKey: 'k' })).toBeNull();
    expect(parseSession({ ...aminah, user: { ...aminah.user, phone: 60123456789 } })).toBeNull();
    expect(parseSession({ ...aminah, user: { ...aminah.user, useType: '1' } })).toBeNull();
  });
});
