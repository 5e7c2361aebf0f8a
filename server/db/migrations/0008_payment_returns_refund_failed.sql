CREATE TABLE "payment_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"refund_id" uuid,
	"amount_sen" integer NOT NULL,
	"state" text NOT NULL,
	"provider_refund_ref" text,
	"idempotency_key" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_returns_amount_check" CHECK ("payment_returns"."amount_sen" > 0),
	CONSTRAINT "payment_returns_state_check" CHECK ("payment_returns"."state" in ('sending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_check";--> statement-breakpoint
DROP INDEX "refunds_one_open_key";--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_returns_key" ON "payment_returns" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_returns_order_idx" ON "payment_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_returns_payment_idx" ON "payment_returns" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_returns_refund_idx" ON "payment_returns" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_open_key" ON "refunds" USING btree ("order_id") WHERE "refunds"."status" in ('PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'FAILED');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'FAILED', 'COMPLETED', 'REJECTED', 'REVOKED'));--> statement-breakpoint
-- Refunds sent before returns were kept per payment went back to the order's latest payment it used, keyed by the refund's id.
INSERT INTO "payment_returns" ("order_id", "payment_id", "refund_id", "amount_sen", "state", "provider_refund_ref", "idempotency_key", "note", "created_at", "updated_at")
SELECT r."order_id", p."id", r."id", r."amount_sen", CASE WHEN r."status" = 'COMPLETED' THEN 'succeeded' ELSE 'sending' END, r."provider_refund_ref", r."id"::text, '', r."created_at", r."updated_at"
FROM "refunds" r
JOIN LATERAL (SELECT "id" FROM "payments" WHERE "order_id" = r."order_id" AND "state" = 'succeeded' AND "refund_due" = false ORDER BY "paid_at" DESC LIMIT 1) p ON true
WHERE r."status" IN ('REVIEWED', 'PROCESSING', 'COMPLETED');--> statement-breakpoint
-- Money already marked as one the order cannot use goes back by the new job.
INSERT INTO "jobs" ("kind", "run_at", "payload", "created_at")
SELECT 'money.back', now(), jsonb_build_object('orderId', o."order_id"), now()
FROM (SELECT DISTINCT "order_id" FROM "payments" WHERE "state" = 'succeeded' AND "refund_due" = true) o;
