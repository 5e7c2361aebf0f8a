/**
 * WhatsApp messages to customers (docs/contracts/running-the-business.md §3). Outside WhatsApp's
 * 24-hour window after a customer wrote, a business may only send a template Meta approved:
 * `contentSid` names it (Twilio's Content API) and `variables` fill its {{1}}, {{2}}…; within
 * it (a reply to a STOP) a free `body` may go instead. `to` is the customer's WhatsApp address
 * without its `whatsapp:` prefix (a phone in E.164, or a sender id that is no phone, as it came).
 * `preview` is the message as the customer reads it, for the console provider's line.
 * A refusal is an SmsSendError: `refused` when final (any 4xx but 429).
 */
export interface WhatsAppMessage {
  to: string;
  contentSid?: string;
  variables?: Record<string, string>;
  body?: string;
  preview: string;
}

export interface WhatsAppProvider {
  readonly name: string;
  send(message: WhatsAppMessage): Promise<{ ref?: string }>;
}
