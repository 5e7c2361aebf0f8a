CREATE TABLE "odometer_readings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "odometer_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" uuid NOT NULL,
	"date" date NOT NULL,
	"km" integer NOT NULL,
	"source" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "odometer_readings_km_check" CHECK ("odometer_readings"."km" >= 0),
	CONSTRAINT "odometer_readings_source_check" CHECK ("odometer_readings"."source" in ('staff', 'customer'))
);
--> statement-breakpoint
ALTER TABLE "user_cars" ADD COLUMN "road_tax_expiry" date;--> statement-breakpoint
ALTER TABLE "user_cars" ADD COLUMN "insurance_expiry" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "car_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "odometer_km" integer;--> statement-breakpoint
ALTER TABLE "odometer_readings" ADD CONSTRAINT "odometer_readings_car_id_user_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."user_cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "odometer_readings_car_idx" ON "odometer_readings" USING btree ("car_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "odometer_readings_order_key" ON "odometer_readings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_car_idx" ON "orders" USING btree ("car_id");