/**
 * What a message about an order tells (the timeline's notices; a WhatsApp template each,
 * docs/contracts/running-the-business.md §3). Pure: the editor's WhatsApp templates list them too.
 */
export const noticeKinds = ['bookingConfirmed', 'timeChanged', 'reminder', 'pickupReady', 'shipped', 'refundDecided', 'refundPaid', 'refundDue', 'moneyReturned', 'completed', 'closure', 'warrantyAccepted', 'warrantyRejected', 'warrantyRefund', 'warrantyBooked', 'warrantyResolved', 'onTheWay', 'visitMissed'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/** A Twilio Content SID (an approved template): HX and 32 hexadecimal digits. */
export const CONTENT_SID = /^HX[0-9a-f]{32}$/;
