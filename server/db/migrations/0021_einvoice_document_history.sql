CREATE TABLE "einvoice_document_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "einvoice_document_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"document_id" uuid NOT NULL,
	"event" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "parts_sen" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "labour_sen" integer;--> statement-breakpoint
ALTER TABLE "einvoice_document_history" ADD CONSTRAINT "einvoice_document_history_document_id_einvoice_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."einvoice_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "einvoice_document_history_document_idx" ON "einvoice_document_history" USING btree ("document_id","id");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_figures_check" CHECK (("credit_notes"."parts_sen" is null and "credit_notes"."labour_sen" is null) or ("credit_notes"."labour_sen" >= 0 and "credit_notes"."parts_sen" + "credit_notes"."labour_sen" + "credit_notes"."service_tax_sen" = "credit_notes"."amount_sen"));--> statement-breakpoint
-- hand-written: documents made before their history was kept get their claim and, unless still
-- PENDING, the status they are in now, as of their last change.
INSERT INTO "einvoice_document_history" ("document_id", "event", "status", "at", "by", "note")
SELECT "id", 'claim', 'PENDING', "created_at", 'system', '' FROM "einvoice_documents";--> statement-breakpoint
INSERT INTO "einvoice_document_history" ("document_id", "event", "status", "at", "by", "note")
SELECT "id",
  CASE "status" WHEN 'SUBMITTED' THEN 'submit' WHEN 'VALID' THEN 'validate' WHEN 'INVALID' THEN 'invalidate' ELSE 'cancel' END,
  "status", "updated_at", 'system', 'before the history was kept'
FROM "einvoice_documents" WHERE "status" <> 'PENDING';
