/** Sends an e-mail to a customer. Implementations: console (development); others by configuration. */
export interface EmailProvider {
  readonly name: string;
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}
