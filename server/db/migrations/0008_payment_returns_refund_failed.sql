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
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'FAILED', 'COMPLETED', 'REJECTED', 'REVOKED'));