CREATE TABLE "curlec_double_idempotency" (
	"payment_id" text NOT NULL,
	"key" text NOT NULL,
	"request_body" text NOT NULL,
	"refund_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "curlec_double_idempotency_payment_id_key_pk" PRIMARY KEY("payment_id","key")
);
--> statement-breakpoint
CREATE TABLE "curlec_double_links" (
	"id" text PRIMARY KEY NOT NULL,
	"reference_id" text,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"entity" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curlec_double_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"entity" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curlec_double_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text,
	"order_id" text,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"entity" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curlec_double_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"entity" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curlec_double_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "curlec_double_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"method" text NOT NULL,
	"path" text NOT NULL,
	"query" text NOT NULL,
	"body" text,
	"idempotency_key" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curlec_double_webhooks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "curlec_double_webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"raw_body" text NOT NULL,
	"signature" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "curlec_double_links_reference" ON "curlec_double_links" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "curlec_double_links_created_idx" ON "curlec_double_links" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "curlec_double_payments_order_idx" ON "curlec_double_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "curlec_double_payments_link_idx" ON "curlec_double_payments" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "curlec_double_refunds_payment_idx" ON "curlec_double_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "curlec_double_refunds_created_idx" ON "curlec_double_refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "curlec_double_webhooks_due_idx" ON "curlec_double_webhooks" USING btree ("due_at");