import type { Db } from '../db/client.ts';
import { paymentTimeoutHandler, PAYMENT_TIMEOUT_JOB } from '../flows/expire-order.ts';
import type { EinvoiceContext, Indexes } from '../flows/context.ts';
import type { EinvoiceSeller } from '../providers/einvoice/ubl/index.ts';
import type { EinvoiceProvider } from '../providers/einvoice/provider.ts';
import type { EmailProvider } from '../providers/email/index.ts';
import type { PaymentProvider } from '../providers/payment/index.ts';
import type { Doubles } from '../doubles.ts';
import type { SmsProvider } from '../providers/sms/index.ts';
import type { WhatsAppProvider } from '../providers/whatsapp/index.ts';
import type { FileStorage } from '../storage/index.ts';
import { MONEY_BACK_JOB, REFUND_SEND_JOB, refundSendHandler } from '../flows/refunds/payout.ts';
import { moneyBackHandler } from '../flows/refunds/surplus.ts';
import { NOTE_JOB, SUBMIT_JOB } from '../modules/einvoices/service.ts';
import { appointmentReminderHandler, APPOINTMENT_REMINDER_JOB } from './appointment-reminder.ts';
import { carRemindersHandler, CAR_REMINDERS_JOB } from './car-reminders.ts';
import { einvoiceConsolidationHandler, EINVOICE_CONSOLIDATION_JOB } from './einvoice-consolidation.ts';
import { einvoiceNoteHandler } from './einvoice-note.ts';
import { einvoiceSubmitHandler } from './einvoice-submit.ts';
import { deliverDue } from '../modules/notifications/outbox.ts';
import type { JobHandler } from './queue.ts';
import { reconcileHandler, RECONCILE_JOB } from './reconcile.ts';
import { uploadSweepHandler, UPLOAD_SWEEP_JOB } from './upload-sweep.ts';
import { accountPhotosHandler, ACCOUNT_PHOTOS_JOB } from './account-photos.ts';

/** What the jobs work with: the server builds these once, and the API tests build their own. */
export interface JobServices {
  db: Db;
  indexes: Indexes;
  sms: SmsProvider;
  /** WhatsApp for customers who chose it; null: off. */
  whatsapp: WhatsAppProvider | null;
  /** null: no e-mail channel (EMAIL_PROVIDER=off). */
  email: EmailProvider | null;
  payments: PaymentProvider;
  storage: FileStorage;
  /** LHDN MyInvois or its double, for sending documents. */
  einvoice: EinvoiceProvider;
  /** The provider with the seller, for the flows that make documents (notes). */
  einvoicing: EinvoiceContext;
  /** The seller every consolidated e-invoice names. */
  einvoiceSeller: () => Promise<EinvoiceSeller>;
  now: () => Date;
  /** How long a message of the outbox waits before each next try (default: NOTICE_RETRY_DELAYS_MS of the notifications module). */
  noticeRetryDelaysMs?: readonly number[];
  /** How long an e-invoice submission's answer is awaited before another try looks for it (default: ten minutes). */
  einvoiceAnswerWaitMs?: number;
  /** Where the jobs that report in lines write them (default: the server log). */
  log?: (line: string) => void;
  /** The doubles whose deliveries the queue carries (dev/doubles/: the sandbox's callbacks, the Curlec double's webhooks and refunds); none in production. */
  doubles?: Doubles | null;
}

/**
 * Every job kind the shop enqueues and the handler that runs it: the one list the server's
 * worker and the tests run, and the doubles' own when they are handed in (a real gateway
 * keeps its own deliveries).
 */
export function jobRegistry(s: JobServices): Record<string, JobHandler> {
  const { db, indexes, sms, whatsapp, payments, now } = s;
  const logged = s.log ? { log: s.log } : {};
  return {
    [PAYMENT_TIMEOUT_JOB]: paymentTimeoutHandler({ db, indexes, sms, whatsapp, payments, now, einvoice: s.einvoicing }),
    [APPOINTMENT_REMINDER_JOB]: appointmentReminderHandler({ db, sms, whatsapp, indexes }),
    [REFUND_SEND_JOB]: refundSendHandler({ db, payments, now }),
    [MONEY_BACK_JOB]: moneyBackHandler({ db, payments, now }),
    [RECONCILE_JOB]: reconcileHandler({ db, payments, ...logged }),
    [UPLOAD_SWEEP_JOB]: uploadSweepHandler({ storage: s.storage, ...logged }),
    [ACCOUNT_PHOTOS_JOB]: accountPhotosHandler({ storage: s.storage, ...logged }),
    [CAR_REMINDERS_JOB]: carRemindersHandler({ db, sms, email: s.email, indexes }),
    [SUBMIT_JOB]: einvoiceSubmitHandler({ db, provider: s.einvoice, now, ...(s.einvoiceAnswerWaitMs ? { answerWaitMs: s.einvoiceAnswerWaitMs } : {}) }),
    [NOTE_JOB]: einvoiceNoteHandler({ db, indexes, einvoice: s.einvoicing, now }),
    [EINVOICE_CONSOLIDATION_JOB]: einvoiceConsolidationHandler(async () => ({ seller: await s.einvoiceSeller() }), s.log),
    ...s.doubles?.jobs({ db, payments, now }),
  };
}

/**
 * The outbox's deliverer, which the server's worker runs beside the jobs (never holding up their
 * round) and the tests run with them: sends the messages whose turn has come, a few at a time.
 */
export function outboxDeliverer(s: Pick<JobServices, 'db' | 'sms' | 'whatsapp' | 'email' | 'noticeRetryDelaysMs'>): (now: Date) => Promise<number> {
  const senders = { sms: s.sms, whatsapp: s.whatsapp, email: s.email, ...(s.noticeRetryDelaysMs ? { retryDelaysMs: s.noticeRetryDelaysMs } : {}) };
  return (now) => deliverDue(s.db, senders, now);
}
