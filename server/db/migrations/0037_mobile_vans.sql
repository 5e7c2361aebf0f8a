CREATE TABLE "van_bookings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"van_id" text NOT NULL,
	"date" date NOT NULL,
	"start" text NOT NULL,
	"minutes" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "van_bookings_day_idx" ON "van_bookings" USING btree ("van_id","date");