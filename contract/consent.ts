import { z } from 'zod';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';

const purposes = ['serviceReminders', 'expiryReminders'] as const;
export const reminderPurpose = z.enum(purposes);
export type ReminderPurpose = z.infer<typeof reminderPurpose>;

/**
 * Consent to reminders per purpose (docs/contracts/after-sale.md §2, PDPA): both off until turned on; each
 * change is stored with its time and the sentence shown in the caller's language. An empty
 * request only reads the consent in force.
 */
export const userConsent = defineCall({
  path: paths.userConsent,
  summary: "The customer's consent to service and expiry reminders: read it, or turn a purpose on or off",
  tag: 'user',
  auth: true,
  request: z.strictObject({
    serviceReminders: z.boolean().optional().meta({ description: 'SMS (and e-mail) when a garage car is due for a service.' }),
    expiryReminders: z.boolean().optional().meta({ description: "SMS (and e-mail) before a garage car's road tax or insurance runs out." }),
  }),
  response: z.object({
    serviceReminders: z.boolean(),
    expiryReminders: z.boolean(),
    wording: z.object({ serviceReminders: z.string(), expiryReminders: z.string() }).meta({ description: 'The sentence to show beside each switch, in the caller\'s language: the words stored with a change.' }),
    history: z
      .array(z.object({ purpose: reminderPurpose, granted: z.boolean(), at: z.string(), wording: z.string() }))
      .meta({ description: 'Every change, newest first.' }),
  }),
  codes: { 708: 'No key, an unknown key, or an expired session.' },
});
export type UserConsent = z.infer<typeof userConsent.response>;
