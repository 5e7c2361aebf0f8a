-- Bookings name what holds them. Written by hand around drizzle-kit's statements: the column
-- that held an order's id, or a warranty claim's for its free rework, is renamed holder_id, and
-- the new `holder` says which, filled for the rows already there (a claim's id is in
-- warranty_claims; every other row is an order's).
ALTER TABLE "booked_units" RENAME COLUMN "order_id" TO "holder_id";--> statement-breakpoint
DROP INDEX "booked_units_order_idx";--> statement-breakpoint
ALTER TABLE "booked_units" ADD COLUMN "holder" text NOT NULL DEFAULT 'order';--> statement-breakpoint
UPDATE "booked_units" SET "holder" = 'claim' WHERE "holder_id" IN (SELECT "id" FROM "warranty_claims");--> statement-breakpoint
ALTER TABLE "booked_units" ALTER COLUMN "holder" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "booked_units_holder_idx" ON "booked_units" USING btree ("holder_id");--> statement-breakpoint
ALTER TABLE "booked_units" ADD CONSTRAINT "booked_units_holder_check" CHECK ("booked_units"."holder" in ('order', 'claim'));
