import { describe, expect, test } from 'vitest';
import { editableUntil, personalDataIn, publicAuthorName, statusAfterWriting } from '../../contract/rules/review-rules.ts';

describe('a phone number or a plate in a review holds it for the admin', () => {
  test.each([
    ['Call me at 012-345 6789 for details', 'phone'],
    ['WhatsApp +60123456789', 'phone'],
    ['my number 0123456789', 'phone'],
    ['office 03-7725 1234', 'phone'],
    ['My car WXY 1234 runs great now', 'plate'],
    ['plate wxy1234', 'plate'],
    ['SAA 1234 A from Sabah', 'plate'],
    ['VAB 88 is my car', 'plate'],
  ])('%s → %s', (text, found) => {
    expect(personalDataIn(text)).toBe(found);
  });

  test.each([
    'Great service, done in 45 minutes, 5 stars!',
    'Paid RM 120 for the wipers, fair price',
    'Shell Helix HX8 5W-30 feels smoother',
    'Tyres 205/55 R16 fitted well at 5pm',
    'At 58,000 km the car drives like new',
    'Order SV2506021234 arrived on time',
    '',
  ])('not held: %s', (text) => {
    expect(personalDataIn(text)).toBeNull();
  });

  test('a clean text is published; a flagged one waits; an edited hidden one waits for the admin again', () => {
    expect(statusAfterWriting('Good job', null)).toEqual({ status: 'visible', heldFor: null });
    expect(statusAfterWriting('Call 0123456789', null)).toEqual({ status: 'pending', heldFor: 'phone' });
    expect(statusAfterWriting('Good job', { status: 'pending', heldFor: 'phone' })).toEqual({ status: 'visible', heldFor: null });
    expect(statusAfterWriting('Good job', { status: 'hidden', heldFor: null })).toEqual({ status: 'pending', heldFor: 'edited' });
    expect(statusAfterWriting('Better now', { status: 'pending', heldFor: 'edited' })).toEqual({ status: 'pending', heldFor: 'edited' });
    expect(statusAfterWriting('WXY 1234 good', { status: 'visible', heldFor: null })).toEqual({ status: 'pending', heldFor: 'plate' });
  });

  test('editable for 30 days after writing', () => {
    expect(editableUntil(new Date('2025-06-01T00:00:00Z')).toISOString()).toBe('2025-07-01T00:00:00.000Z');
  });
});

describe('the reviewer as the public reads them', () => {
  test.each([
    ['Nur Aisyah binti Rahman', 'Nur R.'],
    ['Tan Wei Ming', 'Tan M.'],
    ['  ahmad   faiz ', 'ahmad F.'],
    ['Siti', 'Siti'],
    ['陈伟明', '陈**'],
  ])('%s → %s', (name, shown) => {
    expect(publicAuthorName(name)).toBe(shown);
  });

  test.each(['', '   ', '0123456789', 'WXY1234', 'Ali 0123456789'])('no name to show: %j', (name) => {
    expect(publicAuthorName(name)).toBeNull();
  });
});
