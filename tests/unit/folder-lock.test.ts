import { hostname } from 'node:os';
import { describe, expect, test } from 'vitest';
import { FolderInUseError, holderAlive, shownFolder, startTimeFromStat, type Holder, type Seen } from '../../server/db/folder-lock.ts';

const holder: Holder = {
  pid: 4242,
  host: 'shop-1',
  boot: 'bad5f730-9c76-4990-a3eb-2bd05aedee95',
  started: '152255',
  command: 'node scripts/start.mjs',
  nonce: '8afc4740e9fde0a2',
};
const same: Seen = { exists: true, boot: holder.boot, started: holder.started, command: holder.command };
const here = { host: 'shop-1' };

describe('the start time of a process, from /proc/<pid>/stat', () => {
  test('is field 22', () => {
    const stat = '8931 (cat) R 8929 8929 4545 0 -1 4194304 100 0 0 0 0 0 0 0 20 0 1 0 144922 3133440 380 18446744073709551615';
    expect(startTimeFromStat(stat)).toBe('144922');
  });

  test('whatever spaces and parentheses the command name holds', () => {
    const stat = '77 (node (worker) x) S 1 77 77 0 -1 4194560 5 0 0 0 1 0 0 0 20 0 11 0 98765 1000 200';
    expect(startTimeFromStat(stat)).toBe('98765');
  });

  test('is unknown when the line is cut short', () => {
    expect(startTimeFromStat('77 (node) S 1 77')).toBeNull();
  });
});

describe('a lock’s holder', () => {
  test('is alive when its PID runs the same command, started at the same time, in the same boot', () => {
    expect(holderAlive(holder, same, here)).toBe(true);
  });

  test('is gone when no process has its PID', () => {
    expect(holderAlive(holder, { ...same, exists: false }, here)).toBe(false);
  });

  test('is gone when its PID now belongs to a process started at another time', () => {
    expect(holderAlive(holder, { ...same, started: '160001' }, here)).toBe(false);
  });

  test('is gone when its PID now runs another command', () => {
    expect(holderAlive(holder, { ...same, command: '/usr/sbin/cron -f' }, here)).toBe(false);
  });

  test('is gone when the machine has booted since', () => {
    expect(holderAlive(holder, { ...same, boot: '0d2c41f6-4b51-4a4e-9a57-1f1a7c3b9e10' }, here)).toBe(false);
  });

  test('is taken as alive when only the PID can be checked (no /proc)', () => {
    expect(holderAlive(holder, { exists: true, boot: null, started: null, command: null }, here)).toBe(true);
  });

  test('on another host cannot be checked, so counts as alive', () => {
    expect(holderAlive(holder, { ...same, exists: false }, { host: 'shop-2' })).toBe(true);
  });
});

describe('the refusal', () => {
  test('names the folder as the user typed it and the holder’s PID, and says what to do', () => {
    const error = new FolderInUseError(`${process.cwd()}/data`, { ...holder, pid: 1234, host: hostname() });
    expect(error.message).toBe(
      'The data folder ./data is in use by another Servauto server (pid 1234). Stop it first, or set DATA_DIR to another folder.',
    );
  });

  test('names the host of a holder elsewhere, which cannot be checked from here, and how to free the folder', () => {
    const error = new FolderInUseError('/srv/servauto/data', { ...holder, pid: 1234, host: 'shop-2' });
    expect(error.message).toBe(
      'The data folder /srv/servauto/data is in use by another Servauto server (pid 1234 on shop-2). Stop it first, or set DATA_DIR to another folder. ' +
        'If it is no longer running, delete /srv/servauto/data/servauto.lock.',
    );
  });

  test('shows a folder outside the working directory in full', () => {
    expect(shownFolder('/var/lib/servauto', '/home/aminah/servauto')).toBe('/var/lib/servauto');
    expect(shownFolder('/home/aminah/servauto/data', '/home/aminah/servauto')).toBe('./data');
    expect(shownFolder('/home/aminah/servauto/var/data', '/home/aminah/servauto')).toBe('./var/data');
  });
});
