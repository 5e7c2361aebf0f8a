import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { UserChannels } from '../../../contract/channels.ts';
import { CONTENT_SID, noticeKinds, type NoticeKind } from '../../../contract/rules/notice-kinds.ts';
import { locales, type Locale } from '../../../contract/rules/language.ts';
import { message } from '../../../contract/rules/messages.ts';
import type { OrderStatus } from '../../../contract/rules/order-status.ts';
import { smsPrefix } from '../../../contract/rules/sms.ts';
import { lockKey, type Db } from '../../db/client.ts';
import { shopBrand } from '../seller/details.ts';
import { outbox, reminderConsents, type ConsentSource } from './schema.ts';
import { holdOpenAccount } from '../auth/service.ts';

/**
 * Order updates on WhatsApp (docs/contracts/running-the-business.md §3): the customer's choice,
 * the approved templates, and the message a notice becomes there. A customer who chose WhatsApp
 * gets each order update as an approved template (Meta allows nothing else outside the 24 hours
 * after they wrote) carrying the order's page, or the pay page while payment is awaited; links
 * an SMS may not carry. Its SMS goes instead, once, when WhatsApp fails for good (outbox.ts).
 */

/** The content file naming each notice's approved template per language: `{kind: {en, zh-cn, ms}}` of Content SIDs. */
export const WHATSAPP_TEMPLATES_FILE = path.join('messages', 'whatsapp.json');

export type WhatsAppTemplates = Record<NoticeKind, Record<Locale, string>>;

/** What is wrong with the templates file, each in words naming the kind and language; none when every kind has a SID per language. */
export function whatsappTemplateProblems(raw: unknown): string[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return ['it must be an object of notice kinds'];
  const file = raw as Record<string, unknown>;
  const problems: string[] = [];
  for (const kind of noticeKinds) {
    const entry = file[kind] as Record<string, unknown> | undefined;
    if (!entry || typeof entry !== 'object') {
      problems.push(`"${kind}" is missing`);
      continue;
    }
    for (const locale of locales) {
      const sid = entry[locale];
      if (typeof sid !== 'string' || !CONTENT_SID.test(sid)) problems.push(`"${kind}"."${locale}" must be a Content SID (HX and 32 hexadecimal digits)`);
    }
  }
  for (const kind of Object.keys(file)) if (!(noticeKinds as readonly string[]).includes(kind)) problems.push(`"${kind}" is no kind of notice`);
  return problems;
}

let templates: { dir: string; value: WhatsAppTemplates } | undefined;

/** The templates of content/messages/whatsapp.json, read once per content folder; a file with problems throws them. */
export function whatsappTemplates(contentDir = path.resolve('content')): WhatsAppTemplates {
  if (templates?.dir !== contentDir) {
    const file = path.join(contentDir, WHATSAPP_TEMPLATES_FILE);
    const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const problems = whatsappTemplateProblems(raw);
    if (problems.length) throw new Error(`${file}: ${problems.join('; ')}`);
    templates = { dir: contentDir, value: raw as WhatsAppTemplates };
  }
  return templates.value;
}

/**
 * The body of a notice's template in a language, as submitted to Meta for approval: a bold
 * heading with the shop's brand, then {{1}} (what happened: the SMS's sentence) and {{2}} (the
 * link line).
 */
export function whatsappTemplateBody(kind: NoticeKind, locale: Locale): string {
  return `*${shopBrand()} · ${message(locale, `whatsapp.${kind}`)}*\n\n{{1}}\n\n{{2}}`;
}

/** A template's body with its variables in place, as the customer reads it. */
export function fillTemplate(body: string, variables: Record<string, string>): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => variables[n] ?? whole);
}

/** Meta refuses a variable with a line break, a tab or more than four spaces in a row: one line of at most 1,024 characters. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, 1024);

let linkBase = 'http://localhost:3000';
let enabled = true;

/**
 * Set once at start: whether the shop sends on WhatsApp at all (WHATSAPP_PROVIDER is not `off`),
 * and the public address (PUBLIC_URL) its links start with.
 */
export function configureWhatsApp(settings: { enabled: boolean; publicUrl?: string | null }) {
  enabled = settings.enabled;
  if (settings.publicUrl) linkBase = settings.publicUrl.replace(/\/+$/, '');
}

/** False when WHATSAPP_PROVIDER=off: every notice goes by SMS, whatever a customer chose. */
export const whatsappOn = () => enabled;

/** The site's path of a page in a language: English at /pc/…, the others under their prefix. */
const sitePath = (locale: Locale, page: string) => `/pc/${locale === 'en' ? '' : `${locale}/`}${page}`;

/** The link a WhatsApp message about an order carries: the pay page while its payment is awaited, else the order's page. */
export function orderLink(order: { orderNo: string; locale: Locale; status: OrderStatus }): { url: string; pay: boolean } {
  const pay = order.status === 'PENDING_PAYMENT';
  const page = pay ? 'pages-order' : 'myorder-status/detail';
  return { url: `${linkBase}${sitePath(order.locale, page)}?orderNo=${encodeURIComponent(order.orderNo)}`, pay };
}

export interface WhatsAppNotice {
  contentSid: string;
  variables: Record<string, string>;
  /** The message as the customer reads it: the template filled in. */
  text: string;
}

/**
 * What an order's notice becomes on WhatsApp: its kind's template in the order's language,
 * filled with the sentence of its SMS (without the operator's "RM0 brand:" start) and the link.
 */
export function whatsappNotice(order: { orderNo: string; locale: Locale; status: OrderStatus }, kind: NoticeKind, smsText: string): WhatsAppNotice {
  const prefix = smsPrefix(shopBrand());
  const said = smsText.startsWith(prefix) ? smsText.slice(prefix.length) : smsText;
  const sentence = oneLine(said.charAt(0).toLocaleUpperCase(order.locale) + said.slice(1));
  const link = orderLink(order);
  const variables = { '1': sentence, '2': oneLine(message(order.locale, link.pay ? 'whatsapp.payLink' : 'whatsapp.orderLink', { url: link.url })) };
  return { contentSid: whatsappTemplates()[kind][order.locale], variables, text: fillTemplate(whatsappTemplateBody(kind, order.locale), variables) };
}

/** The customer's choice in force, with every change (newest first). */
export async function whatsappChoice(db: Db, userId: string, locale: Locale): Promise<UserChannels> {
  const rows = await db
    .select()
    .from(reminderConsents)
    .where(and(eq(reminderConsents.userId, userId), eq(reminderConsents.purpose, 'whatsapp')))
    .orderBy(desc(reminderConsents.id));
  const latest = rows[0];
  return {
    whatsapp: latest?.granted ?? false,
    since: latest?.at.toISOString() ?? null,
    wording: message(locale, 'consent.whatsapp'),
    history: rows.map((r) => ({ whatsapp: r.granted, at: r.at.toISOString(), wording: r.wording, how: r.source })),
  };
}

/** True when the customer's order updates go on WhatsApp. */
export async function wantsWhatsApp(db: Db, userId: string): Promise<boolean> {
  const [latest] = await db
    .select({ granted: reminderConsents.granted })
    .from(reminderConsents)
    .where(and(eq(reminderConsents.userId, userId), eq(reminderConsents.purpose, 'whatsapp')))
    .orderBy(desc(reminderConsents.id))
    .limit(1);
  return latest?.granted ?? false;
}

/**
 * Records a change of the customer's choice (a repeat of the choice in force records nothing),
 * with the words shown (or, for a reply, what the customer wrote) and where it was made. The
 * caller's transaction, or its own, holds the customer's lock so two changes at once stay in order.
 */
export async function setWhatsApp(
  db: Db,
  change: { userId: string; whatsapp: boolean; locale: Locale; source: ConsentSource; wording?: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A reply speaks for customers found by their number, which a closing erased.
    if (change.source !== 'reply') await holdOpenAccount(tx, change.userId);
    await lockKey(tx, 'whatsapp-choice', change.userId);
    if ((await wantsWhatsApp(tx, change.userId)) === change.whatsapp) return false;
    await tx.insert(reminderConsents).values({
      userId: change.userId,
      purpose: 'whatsapp',
      granted: change.whatsapp,
      wording: change.wording ?? message(change.locale, 'consent.whatsapp'),
      locale: change.locale,
      source: change.source,
      at: now,
    });
    return true;
  });
}

/** The customers who were sent WhatsApp messages at this address: a STOP from it speaks for them. */
export async function customersMessagedAt(db: Db, to: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: outbox.userId })
    .from(outbox)
    .where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.to, to), isNotNull(outbox.userId)));
  return rows.map((r) => r.userId!);
}
