/** Sends the login code. Implementations: console (development), twilio (configured by env). */
export interface SmsProvider {
  readonly name: string;
  sendOtp(message: { phone: string; code: string; text: string }): Promise<void>;
}
