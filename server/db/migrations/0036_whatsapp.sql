CREATE TABLE "inbound_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sid" text NOT NULL,
	"from" text NOT NULL,
	"from_phone" text,
	"body" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "inbound_messages_sid_unique" UNIQUE("sid")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "fallback_text" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "fallback_of" bigint;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_consents" ADD COLUMN "source" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_fallback_of" ON "outbox_messages" USING btree ("fallback_of");--> statement-breakpoint
CREATE INDEX "outbox_messages_provider_ref_idx" ON "outbox_messages" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "outbox_messages_to_idx" ON "outbox_messages" USING btree ("channel","to");