import type { Db } from '../db/client.ts';
import type { Indexes } from '../indexes.ts';
import type { PaymentProvider } from '../providers/payment/index.ts';
import type { SmsProvider } from '../providers/sms/index.ts';
import type { FileStorage } from '../storage/index.ts';

/** What the order flows work with: the database, the content in memory, the providers, the clock. */
export interface ShopContext {
  db: Db;
  indexes: Indexes;
  sms: SmsProvider;
  payments: PaymentProvider;
  now: () => Date;
  /** How long a placed order may wait for its payment (and holds its time). */
  paymentTimeoutMinutes: number;
  /** The shop's public origin for links sent out (payment return pages); null: the request's own. */
  publicUrl: string | null;
  /** Where uploaded photos are kept. */
  storage: FileStorage;
  /** The server's secret: photo links are signed with a key made from it. */
  secret: string;
}
