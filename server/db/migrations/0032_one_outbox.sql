ALTER TABLE "outbox_messages" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_order_idx" ON "outbox_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_key" ON "outbox_messages" USING btree ("key");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_try_at") WHERE "outbox_messages"."state" = 'sending';--> statement-breakpoint
-- Written by hand: every SMS about an order moves into the one outbox with its state, tries,
-- last error, refusal, next try, when it was sent and Twilio's reference, in the order it was
-- written (the timeline lists an order's notices by id).
INSERT INTO "outbox_messages" ("channel", "to", "text", "order_id", "kind", "key", "at", "state", "tries", "last_error", "refused", "next_try_at", "sent_at", "provider_ref")
SELECT 'sms', "phone", "text", "order_id", "kind", "key", "at", "state", "tries", "last_error", "refused", "next_try_at", "sent_at", "provider_ref"
FROM "order_notices" ORDER BY "id";--> statement-breakpoint
-- Written by hand: the jobs that sent one message each are done; the deliverer now takes every
-- message still to send from the outbox itself, at its next try.
UPDATE "jobs" SET "done_at" = now() WHERE "kind" IN ('notice.send', 'message.send') AND "done_at" IS NULL;--> statement-breakpoint
DROP TABLE "order_notices" CASCADE;
