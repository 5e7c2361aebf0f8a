CREATE TABLE "order_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sent" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refund_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"note_key" text
);
--> statement-breakpoint
CREATE TABLE "refund_images" (
	"refund_id" uuid NOT NULL,
	"key" text NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"requested_sen" integer NOT NULL,
	"amount_sen" integer NOT NULL,
	"reason" text NOT NULL,
	"contact" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_sen" > 0 and "refunds"."requested_sen" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'COMPLETED', 'REJECTED', 'REVOKED'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_notices" ADD CONSTRAINT "order_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_history" ADD CONSTRAINT "refund_history_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_images" ADD CONSTRAINT "refund_images_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notices_order_idx" ON "order_notices" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_notices_key" ON "order_notices" USING btree ("key");--> statement-breakpoint
CREATE INDEX "refund_history_refund_idx" ON "refund_history" USING btree ("refund_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_images_key" ON "refund_images" USING btree ("key");--> statement-breakpoint
CREATE INDEX "refund_images_refund_idx" ON "refund_images" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_seq_key" ON "refunds" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_open_key" ON "refunds" USING btree ("order_id") WHERE "refunds"."status" in ('PENDING_REVIEW', 'REVIEWED', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "uploads_customer_idx" ON "uploads" USING btree ("customer_id","created_at");