import { klInstant } from '../../contract/rules/kl-calendar.ts';

/**
 * An iCalendar (RFC 5545) event for a workshop appointment, made in the browser. Times are
 * Kuala Lumpur wall-clock times written as UTC.
 */

/** "2026-11-25" + "10:30" in Kuala Lumpur → "20261125T023000Z". */
export function klToUtcStamp(date: string, time: string): string {
  return utcStamp(klInstant(date, time));
}

export function utcStamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n (§3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets folded with CRLF and a space (§3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface CalendarEvent {
  uid: string;
  date: string;
  time: string;
  endTime: string;
  title: string;
  description: string;
  location: string;
  /** When the file is made; stamped as DTSTAMP. */
  now: Date;
}

export function icsEvent(e: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Servauto//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(e.now)}`,
    `DTSTART:${klToUtcStamp(e.date, e.time)}`,
    `DTEND:${klToUtcStamp(e.date, e.endTime)}`,
    `SUMMARY:${escapeText(e.title)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `LOCATION:${escapeText(e.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
