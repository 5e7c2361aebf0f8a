import { describe, expect, test } from 'vitest';
import { clock, secondsUntil, whatsappLink } from '../../../src/lib/pay-time.ts';

describe('the payment page', () => {
  test('counts down in minutes and seconds, and stops at zero', () => {
    expect(clock(29 * 60 + 5)).toBe('29:05');
    expect(clock(3723)).toBe('1:02:03');
    expect(clock(-4)).toBe('0:00');
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });

  test('WhatsApp links use the workshop’s number in international digits and carry the order number', () => {
    expect(whatsappLink('+60 3-7890 1234', 'Order SA1')).toBe('https://wa.me/60378901234?text=Order%20SA1');
    expect(whatsappLink('03-7890 1234', 'x')).toBe('https://wa.me/60378901234?text=x');
  });
});
