CREATE TABLE "order_line_tyres" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_line_tyres_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"dot" text NOT NULL,
	"dot_full" text,
	"photo_key" text,
	"made_week" integer NOT NULL,
	"made_year" integer NOT NULL,
	"made_on" date NOT NULL,
	"fitted_on" date NOT NULL,
	"age_months_at_fitting" integer NOT NULL,
	"beyond_promise" boolean DEFAULT false NOT NULL,
	"override_reason" text,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_line_tyres" ADD CONSTRAINT "order_line_tyres_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_tyres" ADD CONSTRAINT "order_line_tyres_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_line_tyres_position_key" ON "order_line_tyres" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_line_tyres_line_idx" ON "order_line_tyres" USING btree ("line_id");