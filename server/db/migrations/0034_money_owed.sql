-- Money at the bottom: the payments module keeps the money owed back on approved refunds
-- (money_owed), payment_returns no longer points at the refunds table (the refund's id stays,
-- as a plain id), a return records when it was settled (settled_at), and the order's own paid
-- moment (orders.paid_at) goes: when an order was paid is read from its ledger, the payment it
-- kept (or, for an order a coupon paid in full, the moment it was placed).
CREATE TABLE "money_owed" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"amount_sen" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "money_owed_amount_check" CHECK ("money_owed"."amount_sen" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_returns" DROP CONSTRAINT "payment_returns_refund_id_refunds_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_returns" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "money_owed_claim_key" ON "money_owed" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "money_owed_order_idx" ON "money_owed" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paid_at";--> statement-breakpoint
-- Written by hand (not by drizzle-kit): brings existing databases to the same money figures.
-- 1. Money owed on refunds already approved: one row per refund that was ever approved, open
--    while it is still owed (REVIEWED, PROCESSING, FAILED), closed when it was completed. The
--    ledger used to read these figures from the refunds table itself.
INSERT INTO "money_owed" ("order_id", "claim_id", "amount_sen", "opened_at", "closed_at")
SELECT "order_id", "id", "amount_sen", coalesce("decided_at", "updated_at"),
       CASE WHEN "status" = 'COMPLETED' THEN coalesce("completed_at", "updated_at") END
FROM "refunds"
WHERE "status" IN ('REVIEWED', 'PROCESSING', 'FAILED', 'COMPLETED');--> statement-breakpoint
-- 2. When returns already back were settled: a completed refund's returns on the day it was
--    completed (the day the dashboard counted it refunded), any other return when it last changed.
UPDATE "payment_returns" AS r
SET "settled_at" = coalesce(
  (SELECT f."completed_at" FROM "refunds" AS f WHERE f."id" = r."refund_id" AND f."status" = 'COMPLETED'),
  r."updated_at")
WHERE r."state" = 'succeeded';
