import { describe, expect, test } from 'vitest';
import {
  availableSlots,
  checkAppointment,
  chooseBay,
  jobUnits,
  openUnits,
  timeOfUnit,
  unitOfTime,
  type BusyUnit,
  type SlotQuery,
  type WorkshopCalendar,
} from '../../server/modules/booking/slots.ts';
import type { Hours } from '../../server/modules/stores/hours.ts';

/** A moment given as Kuala Lumpur wall-clock time (UTC+8). */
const kl = (local: string) => new Date(`${local}+08:00`);

const weekday = { open: '08:30', close: '18:00' };
/** A workshop in Petaling Jaya: weekdays 08:30–18:00, Saturday mornings, closed on Sunday; 3 bays. */
const pjHours: Hours = { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: { open: '08:30', close: '13:00' }, sun: null };
const pj: WorkshopCalendar = { hours: pjHours, closedOn: [], bays: 3 };

/** Monday 1 June 2026, mid-morning. The first date offered is Wednesday 3 June. */
const monday = kl('2026-06-01T10:00:00');

const query = (over: Partial<SlotQuery> = {}): SlotQuery => ({ calendar: pj, fittingMinutes: 60, busy: [], now: monday, ...over });
const day = (slots: ReturnType<typeof availableSlots>, date: string) => slots.find((d) => d.date === date);
const freeTimes = (slots: ReturnType<typeof availableSlots>, date: string) => day(slots, date)!.times.filter((t) => t.available).map((t) => t.time);

/** Every bay busy for the units from `from` (inclusive) to `to` (exclusive) on `date`. */
function allBays(date: string, from: string, to: string, bays = 3): BusyUnit[] {
  const out: BusyUnit[] = [];
  for (let unit = unitOfTime(from); unit < unitOfTime(to); unit++) for (let bay = 1; bay <= bays; bay++) out.push({ date, unit, bay });
  return out;
}

describe('units of 30 minutes', () => {
  test('are counted from midnight', () => {
    expect(unitOfTime('00:00')).toBe(0);
    expect(unitOfTime('08:30')).toBe(17);
    expect(unitOfTime('18:00')).toBe(36);
    expect(timeOfUnit(17)).toBe('08:30');
    expect(timeOfUnit(47)).toBe('23:30');
  });

  test('a job takes whole units, rounded up', () => {
    expect(jobUnits(15)).toBe(1);
    expect(jobUnits(30)).toBe(1);
    expect(jobUnits(31)).toBe(2);
    expect(jobUnits(75)).toBe(3);
    expect(jobUnits(0)).toBe(1);
    expect(() => jobUnits(-30)).toThrow(RangeError);
  });
});

describe('the dates offered', () => {
  test('start two days ahead and leave out Sundays', () => {
    const dates = availableSlots(query()).map((d) => d.date);
    expect(dates[0]).toBe('2026-06-03');
    expect(dates).not.toContain('2026-06-02');
    expect(dates).not.toContain('2026-06-07');
    expect(dates).toContain('2026-06-06');
  });

  test('are the 30 dates of the spec when the workshop never closes on them', () => {
    expect(availableSlots(query())).toHaveLength(30);
  });

  test("leave out the workshop's closed days", () => {
    // A public holiday the workshop observes, or a closure by its staff, on Friday 5 June.
    const dates = availableSlots(query({ calendar: { ...pj, closedOn: ['2026-06-05'] } })).map((d) => d.date);
    expect(dates).not.toContain('2026-06-05');
    expect(dates).toHaveLength(29);
  });

  test('leave out a weekday it does not open', () => {
    const closedFriday = { ...pj, hours: { ...pjHours, fri: null } };
    const dates = availableSlots(query({ calendar: closedFriday })).map((d) => d.date);
    expect(dates.filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 5)).toEqual([]);
  });

  test('count from the Kuala Lumpur date on a server in UTC: 23:30 in KL is already the next day', () => {
    // 15:30 UTC on Monday 1 June is 23:30 in KL, still Monday; 16:30 UTC is 00:30 on Tuesday in KL.
    expect(availableSlots(query({ now: new Date('2026-06-01T15:30:00Z') }))[0]!.date).toBe('2026-06-03');
    expect(availableSlots(query({ now: new Date('2026-06-01T16:30:00Z') }))[0]!.date).toBe('2026-06-04');
  });

  test("give the same dates and times whatever the server's own time zone", () => {
    const saved = process.env.TZ;
    const at = new Date('2026-06-01T15:30:00Z');
    try {
      const answers = ['UTC', 'Asia/Kuala_Lumpur', 'America/Los_Angeles', 'Pacific/Kiritimati'].map((zone) => {
        process.env.TZ = zone;
        return availableSlots(query({ now: at }));
      });
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  test('skip to Monday when two days ahead is a Sunday', () => {
    expect(availableSlots(query({ now: kl('2026-06-05T09:00:00') }))[0]!.date).toBe('2026-06-08');
  });
});

describe('the times of a day', () => {
  test('run every 30 minutes from opening', () => {
    const times = day(availableSlots(query()), '2026-06-03')!.times.map((t) => t.time);
    expect(times.slice(0, 4)).toEqual(['08:30', '09:00', '09:30', '10:00']);
    expect(times.at(-1)).toBe('17:00');
    expect(times).toHaveLength(18);
  });

  test('a one-hour job can start at 17:00 at the latest, to end by 18:00; later starts are not listed as full', () => {
    const times = day(availableSlots(query()), '2026-06-03')!.times;
    expect(times.at(-1)).toEqual({ time: '17:00', available: true });
    expect(times.every((t) => t.available)).toBe(true);
  });

  test('the last slot that still fits a 2½-hour major service on a Saturday morning is 10:30', () => {
    const free = freeTimes(availableSlots(query({ fittingMinutes: 150 })), '2026-06-06');
    expect(free).toEqual(['08:30', '09:00', '09:30', '10:00', '10:30']);
  });

  test('a job longer than the day has no time that day, and the day says so', () => {
    const saturday = day(availableSlots(query({ fittingMinutes: 5 * 60 })), '2026-06-06')!;
    expect(saturday.available).toBe(false);
    expect(saturday.times).toEqual([]);
    expect(day(availableSlots(query({ fittingMinutes: 5 * 60 })), '2026-06-05')!.available).toBe(true);
  });

  test('there is no lunch break: a 4-hour tint job runs across midday', () => {
    expect(freeTimes(availableSlots(query({ fittingMinutes: 240 })), '2026-06-03')).toContain('11:00');
  });

  test('a workshop that opens off the half hour starts at the next half hour', () => {
    const late = { ...pj, hours: { ...pjHours, wed: { open: '08:45', close: '18:00' } } };
    expect(day(availableSlots(query({ calendar: late })), '2026-06-03')!.times[0]!.time).toBe('09:00');
  });
});

describe('bays', () => {
  test('a time stays open while one of three bays is free', () => {
    const busy = allBays('2026-06-03', '10:00', '11:00', 2);
    expect(freeTimes(availableSlots(query({ busy })), '2026-06-03')).toContain('10:00');
  });

  test('a time is gone when all three bays are taken', () => {
    const busy = allBays('2026-06-03', '10:00', '11:00');
    const free = freeTimes(availableSlots(query({ busy })), '2026-06-03');
    expect(free).not.toContain('10:00');
    expect(free).not.toContain('10:30');
    // A one-hour job from 09:30 would run into the full 10:00 unit; from 09:00 it ends at 10:00.
    expect(free).not.toContain('09:30');
    expect(free).toContain('09:00');
    expect(free).toContain('11:00');
  });

  test('a job needs one bay free for all its units, not a different bay each half hour', () => {
    // Bay 1 is busy 10:00–10:30 and bays 2 and 3 are busy 10:30–11:00: every half hour has a free bay, no bay has the hour.
    const busy: BusyUnit[] = [
      { date: '2026-06-03', unit: unitOfTime('10:00'), bay: 1 },
      { date: '2026-06-03', unit: unitOfTime('10:30'), bay: 2 },
      { date: '2026-06-03', unit: unitOfTime('10:30'), bay: 3 },
    ];
    expect(chooseBay(3, busy, '2026-06-03', unitOfTime('10:00'), 2)).toBeNull();
    expect(freeTimes(availableSlots(query({ busy })), '2026-06-03')).not.toContain('10:00');
    expect(freeTimes(availableSlots(query({ busy, fittingMinutes: 30 })), '2026-06-03')).toContain('10:00');
  });

  test('the lowest free bay is chosen', () => {
    const busy: BusyUnit[] = [{ date: '2026-06-03', unit: 20, bay: 1 }];
    expect(chooseBay(3, busy, '2026-06-03', 20, 2)).toBe(2);
    expect(chooseBay(3, busy, '2026-06-03', 21, 2)).toBe(1);
    expect(chooseBay(3, busy, '2026-06-04', 20, 2)).toBe(1);
  });

  test('a full day does not touch the next day', () => {
    const busy = allBays('2026-06-03', '08:30', '18:00');
    const slots = availableSlots(query({ busy }));
    expect(day(slots, '2026-06-03')!.available).toBe(false);
    expect(day(slots, '2026-06-04')!.available).toBe(true);
  });
});

describe('checking a chosen appointment', () => {
  test('gives the bay and every unit to hold', () => {
    expect(checkAppointment(query({ fittingMinutes: 75 }), { date: '2026-06-03', time: '10:00' })).toEqual({
      ok: true,
      bay: 1,
      units: [
        { date: '2026-06-03', unit: 20, bay: 1 },
        { date: '2026-06-03', unit: 21, bay: 1 },
        { date: '2026-06-03', unit: 22, bay: 1 },
      ],
    });
  });

  test.each([
    ['tomorrow: inside the 2-day lead', { date: '2026-06-02', time: '10:00' }, 'slot.dateNotOffered'],
    ['in the past', { date: '2026-05-29', time: '10:00' }, 'slot.dateNotOffered'],
    ['a Sunday', { date: '2026-06-07', time: '10:00' }, 'slot.dateNotOffered'],
    ['past the 30 dates', { date: '2026-08-03', time: '10:00' }, 'slot.dateNotOffered'],
    ['before opening', { date: '2026-06-03', time: '08:00' }, 'slot.timeNotOffered'],
    ['off the half hour', { date: '2026-06-03', time: '10:15' }, 'slot.timeNotOffered'],
    ['at closing time', { date: '2026-06-03', time: '18:00' }, 'slot.timeNotOffered'],
    ['not a time', { date: '2026-06-03', time: '9:00' }, 'slot.timeNotOffered'],
    ['too late to finish', { date: '2026-06-03', time: '17:30' }, 'slot.tooLate'],
  ])('refused %s', (_, appointment, key) => {
    expect(checkAppointment(query(), appointment)).toEqual({ ok: false, key });
  });

  test('refused on a closed day', () => {
    expect(checkAppointment(query({ calendar: { ...pj, closedOn: ['2026-06-05'] } }), { date: '2026-06-05', time: '10:00' })).toEqual({
      ok: false,
      key: 'slot.closed',
    });
  });

  test('refused when every bay is taken', () => {
    expect(checkAppointment(query({ busy: allBays('2026-06-03', '10:00', '11:00') }), { date: '2026-06-03', time: '10:00' })).toEqual({
      ok: false,
      key: 'slot.full',
    });
  });

  test('agrees with the times offered', () => {
    const busy = allBays('2026-06-04', '09:00', '12:00', 2);
    const slots = availableSlots(query({ busy, fittingMinutes: 90 }));
    for (const d of slots.slice(0, 3)) {
      for (const t of d.times) expect(checkAppointment(query({ busy, fittingMinutes: 90 }), { date: d.date, time: t.time }).ok, `${d.date} ${t.time}`).toBe(t.available);
    }
  });
});

describe('opening hours as units', () => {
  test('a closed day has none', () => {
    expect(openUnits(pj, '2026-06-07')).toBeNull();
  });

  test('a weekday runs from 08:30 to 18:00', () => {
    expect(openUnits(pj, '2026-06-03')).toEqual({ first: 17, lastEnd: 36 });
  });
});
