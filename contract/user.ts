import { z } from 'zod';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';
import { checkOtp, checkPhone } from './rules/phone.ts';

/** Error messages here are keys of contract/rules/messages.ts, worded per language on display. */
const phone = z
  .string({ error: (issue) => (issue.input === undefined ? 'phone.required' : undefined) })
  .superRefine((value, ctx) => {
    const problem = checkPhone(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: 'Malaysian mobile number, +60 followed by the local digits (a leading 0 is accepted).', example: '+60123456789' });

const otp = z
  .string({ error: (issue) => (issue.input === undefined ? 'otp.required' : undefined) })
  .superRefine((value, ctx) => {
    const problem = checkOtp(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: 'The 6-digit code from the SMS.', example: '123456' });

export const user = z
  .object({
    id: z.string(),
    name: z.string(),
    realName: z.string(),
    phone: z.string().meta({ example: '+60123456789' }),
    avatar: z.string(),
    useType: z.number().int(),
    companyId: z.number().int(),
    createdAt: z.string().meta({ description: 'ISO 8601 time the account was created.' }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof user>;

export const sendSms = defineCall({
  path: paths.sendSms,
  summary: 'Send a one-time code by SMS: to log in, or (logged in) to close the account',
  tag: 'user',
  auth: false,
  request: z.strictObject({
    phone,
    type: z
      .enum(['login', 'close'])
      .default('login')
      .meta({
        description:
          "What the code is for: `login`, or `close`, a code for `app/user/close` sent only to the logged-in customer's own phone (send the user key; docs/contracts/running-the-business.md §5). A code is never taken for the other purpose.",
      }),
  }),
  response: z.object({
    phone: z.string().meta({ description: 'The number the code went to, as stored.' }),
    resendAfter: z.number().int().meta({ description: 'Seconds before another code may be requested.' }),
    expiresIn: z.number().int().meta({ description: 'Seconds the code stays valid.' }),
  }),
  codes: {
    807: 'Asked again too soon, or too many codes for this number or network in the last hour; a closing code for another phone than the login\'s.',
    708: 'A closing code without a login.',
  },
});

export const clientLogin = defineCall({
  path: paths.clientLogin,
  summary: 'Log in (and on first login, sign up) with phone and SMS code',
  tag: 'user',
  auth: false,
  request: z.strictObject({ phone, code: otp }),
  response: z.object({
    userKey: z.string().meta({ description: 'Send it as Authorization (and userKey) on every call.' }),
    expiresAt: z.string(),
    user,
  }),
  codes: { 807: 'Wrong, expired or exhausted code; no code requested.' },
});

export const userInfo = defineCall({
  path: paths.userInfo,
  summary: 'The logged-in user',
  tag: 'user',
  auth: true,
  request: z.strictObject({}),
  response: user.extend({
    role: z.enum(['admin', 'workshop']).nullable().meta({ description: 'Staff: admin (every workshop) or workshop (one); null for customers (docs/contracts/orders.md §4).' }),
    storeId: z.string().nullable().meta({ description: "Workshop staff: their workshop's id; otherwise null." }),
  }),
  codes: { 708: 'No key, an unknown key, or an expired session.', 800: 'The key was revoked by logging out.' },
});

export const logout = defineCall({
  path: paths.logout,
  summary: 'Log out: revoke this user key',
  tag: 'user',
  auth: true,
  request: z.strictObject({}),
  response: z.object({ loggedOut: z.literal(true) }),
  codes: { 708: 'No key, an unknown key, or an expired session.', 800: 'The key was already revoked.' },
});
