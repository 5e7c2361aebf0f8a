import { z } from 'zod';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';

/**
 * The channel of a customer's order updates (docs/contracts/running-the-business.md §3): SMS,
 * or WhatsApp for those who chose it. Off until turned on; each change is a consent record (the
 * purpose, the time, the sentence shown); a STOP, BERHENTI or 停止 sent on WhatsApp turns it off.
 */
const channelsAnswer = z.object({
  whatsapp: z.boolean().meta({ description: 'True: order updates go on WhatsApp (SMS when WhatsApp cannot deliver one). The login code always goes by SMS.' }),
  since: z.string().nullable().meta({ description: 'When the choice in force was made (ISO 8601); null when never made.' }),
  wording: z.string().meta({ description: "The sentence to show beside the switch, in the caller's language: the words stored with a change." }),
  history: z
    .array(z.object({ whatsapp: z.boolean(), at: z.string(), wording: z.string(), how: z.enum(['checkout', 'account', 'reply']) }))
    .meta({ description: 'Every change, newest first: made at checkout, in the account, or by a reply on WhatsApp.' }),
});

export const userChannels = defineCall({
  path: paths.userChannels,
  summary: "The channel of the customer's order updates: WhatsApp or SMS",
  tag: 'user',
  auth: true,
  request: z.strictObject({}),
  response: channelsAnswer,
  codes: { 708: 'No key, an unknown key, or an expired session.' },
});

export const userChannelsSet = defineCall({
  path: paths.userChannelsSet,
  summary: 'Turns WhatsApp for order updates on or off (a consent record; a repeat of the choice in force records nothing)',
  tag: 'user',
  auth: true,
  request: z.strictObject({ whatsapp: z.boolean() }),
  response: channelsAnswer,
  codes: { 708: 'No key, an unknown key, or an expired session.' },
});

export type UserChannels = z.infer<typeof channelsAnswer>;
