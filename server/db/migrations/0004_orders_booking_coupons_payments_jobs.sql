CREATE TABLE "order_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"stage" text,
	"at" timestamp with time zone NOT NULL,
	"by" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"note_key" text,
	"note_params" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" text NOT NULL,
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"options" jsonb NOT NULL,
	"unit_parts_sen" integer NOT NULL,
	"unit_labour_sen" integer NOT NULL,
	"unit_service_tax_sen" integer NOT NULL,
	"unit_sen" integer NOT NULL,
	"parts_sen" integer NOT NULL,
	"labour_sen" integer NOT NULL,
	"service_tax_sen" integer NOT NULL,
	"total_sen" integer NOT NULL,
	"fitting_minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_rules" (
	"key" text PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"stage" text,
	"method" text NOT NULL,
	"store_id" text,
	"appointment_date" date,
	"appointment_time" text,
	"fitting_minutes" integer DEFAULT 0 NOT NULL,
	"car" jsonb NOT NULL,
	"car_plate" text NOT NULL,
	"contact" jsonb NOT NULL,
	"address" jsonb,
	"notes" text DEFAULT '' NOT NULL,
	"coupon_code" text,
	"parts_sen" integer NOT NULL,
	"labour_sen" integer NOT NULL,
	"service_tax_sen" integer NOT NULL,
	"goods_sen" integer NOT NULL,
	"delivery_fee_sen" integer NOT NULL,
	"discount_sen" integer NOT NULL,
	"total_sen" integer NOT NULL,
	"pay_before" timestamp with time zone,
	"paid_sen" integer DEFAULT 0 NOT NULL,
	"refunded_sen" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"pickup_code" text,
	"express_company" text,
	"express_no" text,
	"reschedule_count" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"cancelled_by" text,
	"language" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "orders_money_check" CHECK ("orders"."total_sen" >= 0 and "orders"."discount_sen" >= 0 and "orders"."paid_sen" >= 0 and "orders"."refunded_sen" >= 0),
	CONSTRAINT "orders_refunded_within_paid" CHECK ("orders"."refunded_sen" <= "orders"."paid_sen"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('PENDING_PAYMENT', 'UPCOMING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'REFUNDED')),
	CONSTRAINT "orders_method_check" CHECK ("orders"."method" in ('install', 'pickup', 'mail'))
);
--> statement-breakpoint
CREATE TABLE "booked_units" (
	"workshop_id" text NOT NULL,
	"date" date NOT NULL,
	"unit" integer NOT NULL,
	"bay" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_code" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"provider_ref" text NOT NULL,
	"payment_id" uuid,
	"amount_sen" integer NOT NULL,
	"currency" text NOT NULL,
	"payload" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"repeats" integer DEFAULT 0 NOT NULL,
	"last_repeat_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"method" text NOT NULL,
	"bank_code" text,
	"amount_sen" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"refund_due" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_sen" > 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text,
	"run_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_position_key" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_store_date_idx" ON "orders" USING btree ("store_id","appointment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "booked_units_slot_key" ON "booked_units" USING btree ("workshop_id","date","unit","bay");--> statement-breakpoint
CREATE INDEX "booked_units_order_idx" ON "booked_units" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_order_key" ON "coupon_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_uses_counted_idx" ON "coupon_uses" USING btree ("coupon_code","customer_id") WHERE "coupon_uses"."returned_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_key" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;