ALTER TABLE "orders" DROP CONSTRAINT "orders_refunded_within_paid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_check";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paid_sen";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refunded_sen";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."total_sen" >= 0 and "orders"."discount_sen" >= 0);