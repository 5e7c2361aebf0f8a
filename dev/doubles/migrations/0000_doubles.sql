CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"order_no" text NOT NULL,
	"amount_sen" integer NOT NULL,
	"currency" text NOT NULL,
	"pay_method" text NOT NULL,
	"bank_code" text,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"paid_event_id" text,
	"paid_at" timestamp with time zone,
	"paid_method" text,
	"paid_bank_code" text,
	"last_event_id" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "sandbox_checkouts_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "sandbox_checkouts_amount_positive" CHECK ("sandbox_checkouts"."amount_sen" > 0),
	CONSTRAINT "sandbox_checkouts_state" CHECK ("sandbox_checkouts"."state" in ('open', 'failed', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"checkout_id" text NOT NULL,
	"amount_sen" integer NOT NULL,
	"reason" text,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_refunds_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "sandbox_refunds_amount_positive" CHECK ("sandbox_refunds"."amount_sen" > 0)
);
--> statement-breakpoint
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
CREATE TABLE "myinvois_double_bodies" (
	"client_id" text NOT NULL,
	"hash" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "myinvois_double_bodies_client_id_hash_pk" PRIMARY KEY("client_id","hash")
);
--> statement-breakpoint
CREATE TABLE "myinvois_double_documents" (
	"uuid" text PRIMARY KEY NOT NULL,
	"submission_uid" text NOT NULL,
	"issuer_tin" text NOT NULL,
	"hash" text NOT NULL,
	"received_at" bigint NOT NULL,
	"outcome" text NOT NULL,
	"cancelled_at" bigint,
	"referenced_uuids" jsonb NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "myinvois_double_submissions" (
	"submission_uid" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"received_at" bigint NOT NULL,
	"uuids" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_checkout_id_sandbox_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."sandbox_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_refunds_checkout_idx" ON "sandbox_refunds" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "curlec_double_links_reference" ON "curlec_double_links" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "curlec_double_links_created_idx" ON "curlec_double_links" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "curlec_double_payments_order_idx" ON "curlec_double_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "curlec_double_payments_link_idx" ON "curlec_double_payments" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "curlec_double_refunds_payment_idx" ON "curlec_double_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "curlec_double_refunds_created_idx" ON "curlec_double_refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "curlec_double_webhooks_due_idx" ON "curlec_double_webhooks" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "myinvois_double_documents_submission_idx" ON "myinvois_double_documents" USING btree ("submission_uid");--> statement-breakpoint
CREATE INDEX "myinvois_double_documents_issuer_idx" ON "myinvois_double_documents" USING btree ("issuer_tin","received_at");