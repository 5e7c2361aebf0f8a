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
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_checkout_id_sandbox_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."sandbox_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_refunds_checkout_idx" ON "sandbox_refunds" USING btree ("checkout_id");