/** Sends the login code. Implementations: console (development), twilio (configured by env). */
export interface SmsProvider {
  readonly name: string;
  sendOtp(message: { phone: string; code: string; text: string }): Promise<void>;
  /**
   * A notice to a customer (e.g. a paid booking). Malaysian rules: no links in the text. Answers
   * the provider's reference when it gives one.
   */
  send(message: { phone: string; text: string }): Promise<void | { ref?: string }>;
}

/**
 * A send the provider did not take. `refused`: its answer is final (a number or text it will
 * never take), so trying again is pointless; otherwise a passing fault (out of reach, busy).
 */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  readonly refused: boolean;
  constructor(message: string, refused: boolean) {
    super(message);
    this.refused = refused;
  }
}
