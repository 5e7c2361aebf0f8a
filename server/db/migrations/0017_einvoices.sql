CREATE TABLE "einvoice_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_key" text NOT NULL,
	"type" text NOT NULL,
	"document_no" text NOT NULL,
	"month" text NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"buyer" jsonb,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"total_sen" integer NOT NULL,
	"refers_to" text,
	"document_text" text,
	"document_hash" text,
	"submission_uid" text,
	"uuid" text,
	"long_id" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"validated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "einvoice_documents_type_check" CHECK ("einvoice_documents"."type" in ('invoice', 'consolidated', 'credit-note', 'refund-note')),
	CONSTRAINT "einvoice_documents_status_check" CHECK ("einvoice_documents"."status" in ('PENDING', 'SUBMITTED', 'VALID', 'INVALID', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "einvoice_receipts" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"document_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "einvoice_receipts" ADD CONSTRAINT "einvoice_receipts_document_id_einvoice_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."einvoice_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_documents_claim_key" ON "einvoice_documents" USING btree ("claim_key");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_documents_uuid_key" ON "einvoice_documents" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "einvoice_documents_month_idx" ON "einvoice_documents" USING btree ("month","status");--> statement-breakpoint
CREATE INDEX "einvoice_documents_order_idx" ON "einvoice_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "einvoice_receipts_document_idx" ON "einvoice_receipts" USING btree ("document_id");