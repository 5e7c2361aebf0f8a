ALTER TABLE "orders" DROP CONSTRAINT "orders_method_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "van_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_the_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eta_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_fee_sen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_fee_tax_sen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_method_check" CHECK ("orders"."method" in ('install', 'pickup', 'mail', 'mobile'));