import { z } from 'zod';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';
import { checkOtp } from './rules/phone.ts';

/** Closing one's own account (docs/contracts/running-the-business.md §5). */
export const userClose = defineCall({
  path: paths.userClose,
  summary:
    "Close the logged-in customer's account with a fresh closing code: refused while an order is open; otherwise the sessions end, personal data is erased, the documents the law keeps stay as issued",
  tag: 'user',
  auth: true,
  request: z.strictObject({
    code: z
      .string({ error: (issue) => (issue.input === undefined ? 'otp.required' : undefined) })
      .superRefine((value, ctx) => {
        const problem = checkOtp(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .meta({ description: 'The 6-digit code sent by `app/user/send/sms` with `type: "close"` (a login code is refused).', example: '123456' }),
  }),
  response: z.object({
    closed: z.literal(true),
    closedAt: z.string().meta({ description: 'ISO 8601 time the account was closed.' }),
  }),
  codes: {
    807: 'A wrong, expired or exhausted closing code, or none asked for (the login\'s refusals); or an order still open: `data.open` names each (`{orderNo, why}`, why: `PENDING_PAYMENT`, `UPCOMING`, `IN_PROGRESS`, `refund`, `claim`) and nothing changed.',
    708: 'No key, an unknown key, or an expired session.',
  },
});
