CREATE TABLE "warranty_claim_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warranty_claim_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"note_key" text
);
--> statement-breakpoint
CREATE TABLE "warranty_claim_lines" (
	"claim_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"open" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_claim_photos" (
	"claim_id" uuid NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"workshop_id" text NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"pre_approved" boolean DEFAULT false NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"refund_amount_sen" integer,
	"refund_id" uuid,
	"rework_date" date,
	"rework_time" text,
	"rework_bay" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "warranty_claims_status_check" CHECK ("warranty_claims"."status" in ('SUBMITTED', 'ACCEPTED', 'RESOLVED', 'REJECTED', 'REFUND_OFFERED'))
);
--> statement-breakpoint
ALTER TABLE "warranty_claim_history" ADD CONSTRAINT "warranty_claim_history_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claim_lines" ADD CONSTRAINT "warranty_claim_lines_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claim_photos" ADD CONSTRAINT "warranty_claim_photos_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warranty_claim_history_claim_idx" ON "warranty_claim_history" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claim_lines_key" ON "warranty_claim_lines" USING btree ("claim_id","line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claim_lines_one_open_key" ON "warranty_claim_lines" USING btree ("line_id") WHERE "warranty_claim_lines"."open";--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claim_photos_key" ON "warranty_claim_photos" USING btree ("key");--> statement-breakpoint
CREATE INDEX "warranty_claim_photos_claim_idx" ON "warranty_claim_photos" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_order_seq_key" ON "warranty_claims" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "warranty_claims_status_idx" ON "warranty_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "warranty_claims_workshop_idx" ON "warranty_claims" USING btree ("workshop_id","status");