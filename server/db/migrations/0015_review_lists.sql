DROP INDEX "reviews_product_idx";--> statement-breakpoint
DROP INDEX "reviews_store_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "helpfulness" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_product_newest_idx" ON "reviews" USING btree ("product_id","target","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_product_helpful_idx" ON "reviews" USING btree ("product_id","target","status","helpfulness" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_store_newest_idx" ON "reviews" USING btree ("store_id","target","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_store_helpful_idx" ON "reviews" USING btree ("store_id","target","status","helpfulness" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
UPDATE "reviews" SET "helpfulness" = (CASE WHEN "text" <> '' THEN 1 ELSE 0 END) + (CASE WHEN EXISTS (SELECT 1 FROM "review_images" WHERE "review_images"."review_id" = "reviews"."id") THEN 1 ELSE 0 END);
