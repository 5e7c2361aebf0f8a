CREATE TABLE "stock_levels" (
	"location" text NOT NULL,
	"sku" text NOT NULL,
	"dot" text DEFAULT '' NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_levels_pkey" PRIMARY KEY("location","sku","dot"),
	CONSTRAINT "stock_levels_on_hand_check" CHECK ("stock_levels"."on_hand" >= 0),
	CONSTRAINT "stock_levels_reserved_check" CHECK ("stock_levels"."reserved" >= 0),
	CONSTRAINT "stock_levels_reserved_on_hand_check" CHECK ("stock_levels"."reserved" <= "stock_levels"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"location" text NOT NULL,
	"sku" text NOT NULL,
	"dot" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"on_hand_before" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reserved_before" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"by" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" in ('receipt', 'adjustment', 'transfer', 'reservation', 'release', 'sale'))
);
--> statement-breakpoint
CREATE TABLE "stock_rules" (
	"key" text PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stock_levels_sku_idx" ON "stock_levels" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "stock_movements_place_idx" ON "stock_movements" USING btree ("location","sku","id");