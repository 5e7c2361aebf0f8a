/** Sends the login code. Implementations: console (development), twilio (configured by env). */
export interface SmsProvider {
  readonly name: string;
  sendOtp(message: { phone: string; code: string; text: string }): Promise<void>;
  /** A notice to a customer (e.g. a paid booking). Malaysian rules: no links in the text. */
  send(message: { phone: string; text: string }): Promise<void>;
}
