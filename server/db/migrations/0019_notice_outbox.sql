ALTER TABLE "order_notices" ALTER COLUMN "sent" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "state" text DEFAULT 'sending' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "refused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "next_try_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "provider_ref" text;--> statement-breakpoint
CREATE INDEX "order_notices_failed_idx" ON "order_notices" USING btree ("at") WHERE "order_notices"."state" = 'failed';--> statement-breakpoint
-- hand-written: notices written before the outbox were sent after their commit; those the provider refused are failed, the rest sent.
UPDATE "order_notices" SET "state" = CASE WHEN "sent" THEN 'sent' ELSE 'failed' END, "tries" = 1, "sent_at" = CASE WHEN "sent" THEN "at" END, "refused" = NOT "sent";
