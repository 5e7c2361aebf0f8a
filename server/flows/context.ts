import type { Db } from '../db/client.ts';
import type { CatalogIndex } from '../modules/catalog/service.ts';
import type { Coupon } from '../modules/coupons/content.ts';
import type { loadOrderRules } from '../modules/orders/service.ts';
import type { WorkshopIndex } from '../modules/stores/service.ts';
import type { CarIndex } from '../modules/vehicles/index-of-cars.ts';
import type { EinvoiceProvider } from '../providers/einvoice/provider.ts';
import type { EinvoiceSeller } from '../providers/einvoice/ubl/index.ts';
import type { PaymentProvider } from '../providers/payment/index.ts';
import type { SmsProvider } from '../providers/sms/index.ts';
import type { WhatsAppProvider } from '../providers/whatsapp/index.ts';
import type { FileStorage } from '../storage/index.ts';

/** What the API reads from memory instead of the database (loadIndexes builds it after the content sync). */
export interface Indexes {
  cars: CarIndex;
  catalog: CatalogIndex;
  workshops: WorkshopIndex;
  orderRules: Awaited<ReturnType<typeof loadOrderRules>>;
  coupons: Coupon[];
}

/** What the order flows work with: the database, the content in memory, the providers, the clock. */
export interface ShopContext {
  db: Db;
  indexes: Indexes;
  sms: SmsProvider;
  /** Order updates for customers who chose WhatsApp; null when WHATSAPP_PROVIDER=off. */
  whatsapp: WhatsAppProvider | null;
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
  /** LHDN MyInvois (or its local double), and the seller every e-invoice names. */
  einvoice: EinvoiceContext;
}

export interface EinvoiceContext {
  provider: EinvoiceProvider;
  seller: () => Promise<EinvoiceSeller>;
}

/** What recording a payment needs: also what a job has that records one (the payment time-out). */
export type PaymentContext = Pick<ShopContext, 'db' | 'indexes' | 'sms' | 'whatsapp' | 'payments' | 'now' | 'einvoice'>;
