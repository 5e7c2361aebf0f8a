CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"role" text NOT NULL,
	"store_id" text,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "staff_role_check" CHECK (("staff"."role" = 'admin' and "staff"."store_id" is null) or ("staff"."role" = 'workshop' and "staff"."store_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "store_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workshop_id" text NOT NULL,
	"date" text NOT NULL,
	"reason" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"order_no" text,
	"refund_no" text,
	"store_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_refund_ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_current_phone_key" ON "staff" USING btree ("phone") WHERE "staff"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_closures_day_key" ON "store_closures" USING btree ("workshop_id","date");--> statement-breakpoint
CREATE INDEX "store_closures_date_idx" ON "store_closures" USING btree ("date");--> statement-breakpoint
CREATE INDEX "audit_log_order_idx" ON "audit_log" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");