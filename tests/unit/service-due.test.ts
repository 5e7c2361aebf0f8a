import { describe, expect, it } from 'vitest';
import { addMonths, expiryDue, kmPerDay, serviceDue } from '../../contract/rules/service-due.ts';
import { checkReading } from '../../contract/rules/odometer.ts';

const interval = { months: 6, km: 10_000 };
const today = '2026-11-25';

describe('the next service', () => {
  it('is due by date alone when there are no readings to predict from', () => {
    const due = serviceDue({ interval, services: [{ date: '2026-08-01', km: 40_000 }], readings: [], today });
    expect(due).toEqual({
      dueDate: '2027-02-01',
      dueKm: 50_000,
      basis: { rule: 'date', daysLeft: 68, intervalMonths: 6, lastServiceDate: '2026-08-01', lastServiceKm: 40_000, noPrediction: 'fewReadings' },
    });
  });

  it('is due by date alone with one reading', () => {
    const due = serviceDue({ interval, services: [{ date: '2026-08-01', km: 40_000 }], readings: [{ date: '2026-08-01', km: 40_000 }], today });
    expect(due.dueDate).toBe('2027-02-01');
    expect(due.basis.rule).toBe('date');
    expect(due.basis.noPrediction).toBe('fewReadings');
  });

  it('is due by kilometres when the car reaches them first', () => {
    // 100 km a day from 40,000 on 1 Aug: 50,000 on 9 Nov, long before 1 Feb.
    const readings = [
      { date: '2026-08-01', km: 40_000 },
      { date: '2026-09-10', km: 44_000 },
    ];
    const due = serviceDue({ interval, services: [{ date: '2026-08-01', km: 40_000 }], readings, today });
    expect(due.dueDate).toBe('2026-11-09');
    expect(due.dueKm).toBe(50_000);
    expect(due.basis).toMatchObject({ rule: 'km', kmPerDay: 100, kmAtDue: 50_000, daysLeft: -16 });
  });

  it('is due by date when the months run out first, with the km predicted for that day', () => {
    // 20 km a day: 50,000 km only after 500 days; six months come first.
    const readings = [
      { date: '2026-08-01', km: 40_000 },
      { date: '2026-10-10', km: 41_400 },
    ];
    const due = serviceDue({ interval, services: [{ date: '2026-08-01', km: 40_000 }], readings, today });
    expect(due.dueDate).toBe('2027-02-01');
    expect(due.basis).toMatchObject({ rule: 'date', kmPerDay: 20, kmAtDue: 43_680, daysLeft: 68 });
    expect(due.basis.noPrediction).toBeUndefined();
  });

  it('reads readings in any order, and takes the last of several services', () => {
    const readings = [
      { date: '2026-09-10', km: 44_000 },
      { date: '2026-01-01', km: 20_000 },
      { date: '2026-08-01', km: 40_000 },
    ];
    const services = [{ date: '2026-08-01', km: 40_000 }, { date: '2026-01-01', km: 20_000 }];
    const shuffled = serviceDue({ interval, services, readings, today });
    const sorted = serviceDue({ interval, services: [...services].reverse(), readings: [...readings].sort((a, b) => a.date.localeCompare(b.date)), today });
    expect(shuffled).toEqual(sorted);
    // From 1 Jan to 10 Sep: 24,000 km in 252 days, about 95 a day.
    expect(shuffled.basis.lastServiceDate).toBe('2026-08-01');
    expect(shuffled.basis.kmPerDay).toBe(95.2);
    expect(shuffled.basis.rule).toBe('km');
  });

  it('falls back to the date when readings do not rise or the service has no km', () => {
    const flat = serviceDue({ interval, services: [{ date: '2026-08-01', km: 40_000 }], readings: [{ date: '2026-08-01', km: 40_000 }, { date: '2026-09-01', km: 40_000 }], today });
    expect(flat.basis).toMatchObject({ rule: 'date', noPrediction: 'notDriving' });
    const noKm = serviceDue({ interval, services: [{ date: '2026-08-01' }], readings: [{ date: '2026-08-01', km: 1 }, { date: '2026-09-01', km: 9_000 }], today });
    expect(noKm.dueKm).toBeUndefined();
    expect(noKm.basis).toMatchObject({ rule: 'date', noPrediction: 'noServiceKm' });
  });

  it('is due now for a car with no service on record', () => {
    const due = serviceDue({ interval, services: [], readings: [{ date: '2026-01-01', km: 10_000 }, { date: '2026-06-01', km: 20_000 }], today });
    expect(due).toEqual({ dueDate: today, basis: { rule: 'neverServiced', daysLeft: 0 } });
  });

  it('adds months to the last day a month has', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 14)).toBe('2028-01-15');
  });

  it('predicts only from two readings on different days', () => {
    expect(kmPerDay([{ date: '2026-01-01', km: 1 }, { date: '2026-01-01', km: 50 }])).toEqual({ noPrediction: 'fewReadings' });
  });
});

describe('road tax and insurance', () => {
  it('are due on their expiry dates, counted from today', () => {
    expect(expiryDue('2026-12-25', today)).toEqual({ dueDate: '2026-12-25', basis: { rule: 'expiry', daysLeft: 30 } });
    expect(expiryDue('2026-11-20', today).basis.daysLeft).toBe(-5);
  });
});

describe('an odometer reading', () => {
  const readings = [
    { date: '2026-08-01', km: 40_000 },
    { date: '2026-09-01', km: 43_000 },
  ];
  it('fits when it rises plausibly', () => {
    expect(checkReading(readings, { date: '2026-09-10', km: 44_000 })).toBeNull();
    expect(checkReading([], { date: '2026-09-10', km: 1 })).toBeNull();
  });
  it('is refused below a reading taken on an earlier day, naming it', () => {
    expect(checkReading(readings, { date: '2026-09-10', km: 42_000 })).toEqual({ problem: 'odometer.lower', reading: { date: '2026-09-01', km: 43_000 } });
  });
  it('is refused below a reading taken the same day, naming the highest', () => {
    const today = [{ date: '2026-11-27', km: 90_000 }];
    expect(checkReading(today, { date: '2026-11-27', km: 1_500 })).toEqual({ problem: 'odometer.lower', reading: { date: '2026-11-27', km: 90_000 } });
    expect(checkReading([...today, { date: '2026-11-27', km: 90_050 }], { date: '2026-11-27', km: 90_010 })).toEqual({
      problem: 'odometer.lower',
      reading: { date: '2026-11-27', km: 90_050 },
    });
    expect(checkReading(today, { date: '2026-11-27', km: 90_000 })).toBeNull();
    expect(checkReading(today, { date: '2026-11-27', km: 90_120 })).toBeNull();
  });
  it('is refused above a reading taken on a later day', () => {
    expect(checkReading(readings, { date: '2026-08-15', km: 43_500 })).toEqual({ problem: 'odometer.higher', reading: { date: '2026-09-01', km: 43_000 } });
  });
  it('is refused more than 3,000 km a day above the last', () => {
    expect(checkReading(readings, { date: '2026-09-03', km: 49_000 })).toBeNull();
    expect(checkReading(readings, { date: '2026-09-03', km: 49_001 })).toEqual({ problem: 'odometer.tooFar', reading: { date: '2026-09-01', km: 43_000 } });
    expect(checkReading(readings, { date: '2026-09-01', km: 46_001 })?.problem).toBe('odometer.tooFar');
  });
});

describe('a due date in words', () => {
  it('counts days, then weeks, then months, ahead or overdue', async () => {
    const { whenWords } = await import('../../contract/rules/due-words.ts');
    expect([0, 1, 13, 14, 59, 60, 100].map((d) => whenWords(d, 'en'))).toEqual(['today', 'tomorrow', 'in 13 days', 'in about 2 weeks', 'in about 8 weeks', 'in about 2 months', 'in about 3 months']);
    expect([-1, -5, -21, -90].map((d) => whenWords(d, 'en'))).toEqual(['1 day overdue', '5 days overdue', 'about 3 weeks overdue', 'about 3 months overdue']);
    expect(whenWords(21, 'zh-cn')).toBe('约 3 周后');
    expect(whenWords(21, 'ms')).toBe('dalam kira-kira 3 minggu');
  });
});
