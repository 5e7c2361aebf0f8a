CREATE TABLE "review_images" (
	"review_id" uuid NOT NULL,
	"key" text NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"target" text NOT NULL,
	"product_id" text NOT NULL,
	"store_id" text,
	"rating" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"held_for" text,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"reply" text,
	"reply_at" timestamp with time zone,
	"reply_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_target_check" CHECK (("reviews"."target" = 'product' and "reviews"."product_id" <> '') or ("reviews"."target" = 'workshop' and "reviews"."product_id" = '')),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('visible', 'pending', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "review_images" ADD CONSTRAINT "review_images_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_images_key" ON "review_images" USING btree ("key");--> statement-breakpoint
CREATE INDEX "review_images_review_idx" ON "review_images" USING btree ("review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_order_target_product_key" ON "reviews" USING btree ("order_id","target","product_id");--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_store_idx" ON "reviews" USING btree ("store_id","target","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at" DESC NULLS LAST);