ALTER TABLE "payments" ADD COLUMN "qr_text" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "qr_expires_at" timestamp with time zone;