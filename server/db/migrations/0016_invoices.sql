CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_no" text NOT NULL,
	"invoice_no" text NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"refund_no" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"amount_sen" integer NOT NULL,
	"service_tax_sen" integer NOT NULL,
	"lines" jsonb NOT NULL,
	CONSTRAINT "credit_notes_amount_check" CHECK ("credit_notes"."amount_sen" > 0 and "credit_notes"."service_tax_sen" >= 0 and "credit_notes"."service_tax_sen" <= "credit_notes"."amount_sen")
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_no" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"payment_id" uuid,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_credit_note_no_key" ON "credit_notes" USING btree ("credit_note_no");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_no_key" ON "credit_notes" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_no_key" ON "invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_no_key" ON "invoices" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_key" ON "invoices" USING btree ("order_id");--> statement-breakpoint
-- Orders paid before invoices existed get theirs, numbered in the order they were paid.
INSERT INTO "invoices" ("invoice_no", "order_id", "order_no", "payment_id", "issued_at")
SELECT 'INV-' || lpad((row_number() OVER (ORDER BY o."paid_at", o."order_no"))::text, 6, '0'), o."id", o."order_no",
  (SELECT p."id" FROM "payments" p WHERE p."order_id" = o."id" AND p."state" = 'succeeded' AND NOT p."refund_due" ORDER BY p."paid_at", p."id" LIMIT 1),
  o."paid_at"
FROM "orders" o WHERE o."paid_at" IS NOT NULL;--> statement-breakpoint
-- Refunds completed before then get their credit notes (their lines were not recorded).
INSERT INTO "credit_notes" ("credit_note_no", "invoice_no", "order_id", "refund_id", "refund_no", "issued_at", "amount_sen", "service_tax_sen", "lines")
SELECT 'CN-' || lpad((row_number() OVER (ORDER BY r."completed_at", r."id"))::text, 6, '0'), i."invoice_no", r."order_id", r."id", o."order_no" || '-R' || r."seq",
  r."completed_at", r."amount_sen",
  CASE WHEN o."total_sen" > 0 THEN least(o."service_tax_sen", r."amount_sen", round(r."amount_sen"::numeric * o."service_tax_sen" / o."total_sen")::int) ELSE 0 END,
  '[]'::jsonb
FROM "refunds" r JOIN "orders" o ON o."id" = r."order_id" JOIN "invoices" i ON i."order_id" = r."order_id"
WHERE r."status" = 'COMPLETED' AND r."completed_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "document_counters" ("series", "last") SELECT 'invoice', count(*) FROM "invoices" HAVING count(*) > 0;--> statement-breakpoint
INSERT INTO "document_counters" ("series", "last") SELECT 'credit-note', count(*) FROM "credit_notes" HAVING count(*) > 0;
