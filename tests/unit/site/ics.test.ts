import { describe, expect, test } from 'vitest';
import { escapeText, foldLine, icsEvent, klToUtcStamp } from '../../../src/lib/ics.ts';

describe('the calendar file of a booking', () => {
  test('Kuala Lumpur times are written in UTC, across midnight too', () => {
    expect(klToUtcStamp('2026-11-25', '10:30')).toBe('20261125T023000Z');
    expect(klToUtcStamp('2026-12-01', '07:00')).toBe('20261130T230000Z');
  });

  test('commas, semicolons, backslashes and line breaks are escaped', () => {
    expect(escapeText('12, Jalan SS 2/24; PJ\\Selangor\nMalaysia')).toBe('12\\, Jalan SS 2/24\\; PJ\\\\Selangor\\nMalaysia');
  });

  test('long lines fold at 75 octets without splitting a Chinese character', () => {
    const line = `SUMMARY:${'车'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  test('the event carries the workshop address as its location, with CRLF line ends', () => {
    const ics = icsEvent({
      uid: 'SA2611250001@servauto.my',
      date: '2026-11-25',
      time: '10:00',
      endTime: '11:30',
      title: 'Servauto: SS2 Tyre & Auto Service',
      description: 'Order SA2611250001',
      location: '12, Jalan SS 2/24, 47300 Petaling Jaya',
      now: new Date('2026-11-23T03:00:00Z'),
    });
    expect(ics).toContain('\r\nDTSTART:20261125T020000Z\r\nDTEND:20261125T033000Z\r\n');
    expect(ics).toContain('\r\nLOCATION:12\\, Jalan SS 2/24\\, 47300 Petaling Jaya\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261123T030000Z\r\n');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });
});
