import path from 'node:path';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { Code } from '../contract/codes.ts';
import { localeFromHeader } from '../contract/rules/language.ts';
import type { Db } from './db/client.ts';
import { loggableError } from './db/loggable.ts';
import { databaseUnavailableCause } from './db/unavailable.ts';
import { answerError, callMounter } from './http/calls.ts';
import type { AppEnv } from './http/env.ts';
import { DomainError } from './modules/errors.ts';
import { openApiDocument } from './http/openapi.ts';
import { authRoutes, userKeyOf } from './routes/auth.ts';
import { authService, type SessionRider } from './modules/auth/service.ts';
import { dictionaryRoutes } from './routes/dictionary.ts';
import { dictionaryService } from './modules/dictionary/service.ts';
import { homeRoutes } from './routes/home.ts';
import { homeService } from './modules/home/service.ts';
import type { SmsProvider } from './providers/sms/index.ts';
import { consoleWhatsApp } from './providers/whatsapp/console.ts';
import type { WhatsAppProvider } from './providers/whatsapp/index.ts';
import { messageRoutes } from './routes/messages.ts';
import type { Indexes } from './indexes.ts';
import { vehicleRoutes } from './routes/vehicles.ts';
import { accountRoutes } from './routes/account.ts';
import { garageRoutes } from './routes/garage.ts';
import { dataExportRoutes } from './routes/data-export.ts';
import { warrantyRoutes } from './routes/warranty.ts';
import { stockRoutes } from './routes/stock.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { catalogService } from './modules/catalog/service.ts';
import { storeRoutes } from './routes/stores.ts';
import { storeService } from './modules/stores/service.ts';
import { garageService } from './modules/vehicles/service.ts';
import type { ShopContext } from './flows/context.ts';
import { bookingRoutes } from './routes/booking.ts';
import { couponRoutes } from './routes/coupons.ts';
import { orderRoutes } from './routes/orders.ts';
import { paymentCallbackRoutes } from './routes/payment-callbacks.ts';
import { myOrderRoutes } from './routes/my-orders.ts';
import { consoleRoutes } from './routes/console.ts';
import { consoleEinvoiceRoutes } from './routes/console-einvoices.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { sellerDetailsOf, type SellerDetails } from './modules/seller/details.ts';
import { contentSeller, shopEinvoice, shopEinvoiceProvider, signingCertificateStatus } from './flows/einvoice-setup.ts';
import { certificateLine } from './providers/einvoice/signing-certificate.ts';
import type { EinvoiceProvider } from './providers/einvoice/provider.ts';
import { einvoiceRoutes } from './routes/einvoices.ts';
import { currentStaff } from './modules/staff/service.ts';
import { storageFromEnv, type FileStorage } from './storage/index.ts';
import { paymentProviderFromEnv, type PaymentProvider } from './providers/payment/index.ts';
import type { Doubles } from './doubles.ts';
import { requestLog } from './http/log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { log, type Logger } from './ops/log.ts';
import { createMetrics, type Metrics } from './ops/metrics.ts';
import { readinessCheck } from './ops/readiness.ts';
import { jobQueue, refundsByState } from './queries/operations.ts';
import { OPERATIONS_ROUTES, operationsRoutes } from './routes/operations.ts';
import { CONTENT_OPERATIONS, contentPublishingRoutes } from './routes/content-publishing.ts';
import type { SitePublisher } from './modules/publishing/publisher.ts';

export interface AppDeps {
  db: Db;
  /** From loadIndexes(db), after the content sync. */
  indexes: Indexes;
  sms: SmsProvider;
  /** WhatsApp for customers who chose it; default: the console's (printed); null: off. */
  whatsapp?: WhatsAppProvider | null;
  /** Twilio's auth token (TWILIO_AUTH_TOKEN), which signs its callbacks; null: no callback is taken. */
  twilioAuthToken?: string | null;
  secret: string;
  trustProxy?: boolean;
  sendsPerAddressPerHour?: number;
  /** Seconds before another code may go to the same phone (default the spec's 60). */
  otpResendSeconds?: number;
  now?: () => Date;
  /** The payment provider; default: PAYMENT_PROVIDER's, on this database and secret. */
  payments?: PaymentProvider;
  /** How long a placed order waits for its payment, holding its time (default 30). */
  paymentTimeoutMinutes?: number;
  /** The shop's public origin for the links it sends out; default: the origin a request came to. */
  publicUrl?: string | null;
  /** Where uploaded photos go; default: DATA_DIR/uploads. */
  storage?: FileStorage;
  /** Where the line per request goes; default: none (the server passes its log). */
  requestLog?: Logger;
  /** The app's metrics; default: a registry of its own. */
  metrics?: Metrics;
  /** GET /metrics answers only `Authorization: Bearer <token>` when set (METRICS_TOKEN). */
  metricsToken?: string | null;
  /** The shop's details as a seller (invoices); default: content/seller.json, read once. */
  seller?: Partial<SellerDetails>;
  /** MyInvois or its double (the submission job uses the same); default: EINVOICE_PROVIDER's, for `seller`. */
  einvoice?: EinvoiceProvider;
  /** The doubles of the outside services (dev/doubles/), handed in from outside; none in production. */
  doubles?: Doubles | null;
  /** The site's publisher when this process serves the site (main.ts); null: the API alone. */
  publisher?: SitePublisher | null;
  /** POST /api/ops/content/publish and its status answer only `Authorization: Bearer <token>` (CONTENT_PUBLISH_TOKEN); null: not configured. */
  contentPublishToken?: string | null;
}

export const DEFAULT_PAYMENT_TIMEOUT_MINUTES = 30;

/** The caller's address, for the per-address OTP limit. X-Forwarded-For only behind our own proxy. */
function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    // The last entry is the one our proxy added; earlier ones are whatever the client sent.
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return (c.env as AppEnv['Bindings'] | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
}

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, request() {} };

/** The API: every contract call under /api, answering in the envelope; the probes and metrics beside it. */
export function createApi(deps: AppDeps) {
  const { db, indexes, sms, secret, trustProxy = false, sendsPerAddressPerHour, otpResendSeconds, now } = deps;
  const auth = authService({ db, sms, secret, sendsPerAddressPerHour, resendWaitSeconds: otpResendSeconds, now });
  const sellerDetails = deps.seller ? async () => deps.seller! : () => sellerDetailsOf(path.resolve('content'));
  const shop: ShopContext = {
    db,
    indexes,
    sms,
    whatsapp: deps.whatsapp === undefined ? consoleWhatsApp() : deps.whatsapp,
    payments: deps.payments ?? paymentProviderFromEnv(process.env, { db, secret, now }, deps.doubles ?? null),
    now: now ?? (() => new Date()),
    paymentTimeoutMinutes: deps.paymentTimeoutMinutes ?? DEFAULT_PAYMENT_TIMEOUT_MINUTES,
    publicUrl: deps.publicUrl ?? null,
    storage: deps.storage ?? storageFromEnv(),
    secret,
    // The seller's details were checked complete at start (main.ts): a missing field never gets this far.
    einvoice: shopEinvoice(
      deps.einvoice ?? shopEinvoiceProvider(deps.seller?.tin ? (deps.seller as SellerDetails) : contentSeller(path.resolve('content')), { db, doubles: deps.doubles ?? null }),
      async () => (await sellerDetails()) as SellerDetails,
    ),
  };
  const metrics =
    deps.metrics ?? createMetrics({ queue: () => jobQueue(db, shop.now()), refundsByState: () => refundsByState(db) });
  const api = new Hono<AppEnv>();

  api.use(async (c, next) => {
    c.set('locale', localeFromHeader(c.req.header('language')));
    c.set('clientAddress', clientAddress(c, trustProxy));
    await next();
  });

  const checkSession = async (c: Context<AppEnv>, rider?: SessionRider) => {
    const session = await auth.session(userKeyOf(c), rider);
    c.set('user', session.user);
    c.set('sessionId', session.sessionId);
    return session.rider;
  };
  const calls = callMounter(api, checkSession);
  authRoutes(calls, auth, async (phone) => (await currentStaff(db, phone)) ?? null);
  homeRoutes(calls, homeService(db));
  dictionaryRoutes(calls, dictionaryService(db));
  const garage = garageService(db, indexes.cars);
  vehicleRoutes(calls, indexes.cars, garage);
  catalogRoutes(calls, catalogService(indexes.catalog, indexes.cars));
  storeRoutes(calls, storeService(indexes.workshops, indexes.catalog, now ?? (() => new Date())));
  bookingRoutes(calls, shop);
  couponRoutes(calls, shop);
  orderRoutes(calls, shop);
  myOrderRoutes(calls, api, shop);
  consoleRoutes(calls, shop);
  reviewRoutes(calls, shop);
  invoiceRoutes(calls, shop, sellerDetails);
  einvoiceRoutes(calls, shop);
  consoleEinvoiceRoutes(calls, shop, async () => (await sellerDetails()) as SellerDetails);
  garageRoutes(calls, shop, garage);
  accountRoutes(calls, shop);
  dataExportRoutes(calls, api, shop, garage, checkSession);
  warrantyRoutes(calls, shop);
  stockRoutes(calls, shop);
  messageRoutes(calls, api, shop, deps.twilioAuthToken ?? null);
  paymentCallbackRoutes(api, shop, metrics);
  contentPublishingRoutes(api, calls, { db, publisher: deps.publisher ?? null, token: deps.contentPublishToken ?? null });

  const document = openApiDocument(calls.calls, CONTENT_OPERATIONS);
  api.get('/openapi.json', (c) => c.json(document));

  api.all('*', (c) => answerError(c, new DomainError(Code.NOT_FOUND, 'code.404')));
  api.onError((err, c) => {
    if (err instanceof DomainError) return answerError(c, err);
    if (err instanceof HTTPException && err.status < 500) {
      return answerError(c, new DomainError(err.status, err.status === 413 ? 'request.tooLarge' : 'code.404', { limit: 64 }));
    }
    const unreachable = databaseUnavailableCause(err);
    if (unreachable) {
      // One line per call: an outage must not bury the log in stack traces.
      log.error(`[api] ${c.req.method} ${c.req.path}: database unavailable (${unreachable.message})`, undefined, { requestId: c.get('requestId') });
      return answerError(c, new DomainError(Code.UNAVAILABLE, 'database.unavailable'));
    }
    log.error(`[api] ${c.req.method} ${c.req.path} failed:`, loggableError(err), { requestId: c.get('requestId') });
    return answerError(c, new DomainError(Code.SERVER_ERROR, 'code.500'));
  });

  const app = new Hono<AppEnv>();
  // First, so every request (the site's too, where the server mounts it on this app) has its id, line and count.
  app.use(requestLog({ log: deps.requestLog ?? silent, metrics, trustProxy, quiet: new Set(OPERATIONS_ROUTES) }));
  // Every answer's Content-Security-Policy and the usual headers (server/http/security-headers.ts).
  app.use(securityHeaders());
  // The signing certificate's state rides along in /readyz: a warning there, never a failure.
  const signingCertificate = async () => {
    const status = await signingCertificateStatus(shop);
    return { state: status.state, line: certificateLine(status) };
  };
  operationsRoutes(app, { readiness: readinessCheck({ db, storage: shop.storage, signingCertificate }), metrics, metricsToken: deps.metricsToken ?? null });
  app.route('/api', api);
  // The doubles' own pages (the sandbox's hosted page, the MyInvois double's validation page, the
  // Curlec double's API and pages), outside /api as the real services' sites would be.
  deps.doubles?.mount(app, { db, payments: shop.payments, einvoice: shop.einvoice.provider });
  return app;
}
