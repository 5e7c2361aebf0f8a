CREATE TABLE "outbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"car_reminder_id" bigint,
	"at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"refused" boolean DEFAULT false NOT NULL,
	"next_try_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"provider_ref" text
);
--> statement-breakpoint
ALTER TABLE "order_notices" ALTER COLUMN "sent" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "state" text DEFAULT 'sending' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "refused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "next_try_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_notices" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_car_reminder_id_car_reminders_id_fk" FOREIGN KEY ("car_reminder_id") REFERENCES "public"."car_reminders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_reminder_idx" ON "outbox_messages" USING btree ("car_reminder_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_failed_idx" ON "outbox_messages" USING btree ("at") WHERE "outbox_messages"."state" = 'failed';--> statement-breakpoint
CREATE INDEX "order_notices_failed_idx" ON "order_notices" USING btree ("at") WHERE "order_notices"."state" = 'failed';--> statement-breakpoint
-- hand-written: notices written before the outbox were sent after their commit; those the provider refused are failed, the rest sent.
UPDATE "order_notices" SET "state" = CASE WHEN "sent" THEN 'sent' ELSE 'failed' END, "tries" = 1, "sent_at" = CASE WHEN "sent" THEN "at" END, "refused" = NOT "sent";
