CREATE TABLE "myinvois_double_bodies" (
	"client_id" text NOT NULL,
	"hash" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "myinvois_double_bodies_client_id_hash_pk" PRIMARY KEY("client_id","hash")
);
--> statement-breakpoint
CREATE TABLE "myinvois_double_documents" (
	"uuid" text PRIMARY KEY NOT NULL,
	"submission_uid" text NOT NULL,
	"issuer_tin" text NOT NULL,
	"hash" text NOT NULL,
	"received_at" bigint NOT NULL,
	"outcome" text NOT NULL,
	"cancelled_at" bigint,
	"referenced_uuids" jsonb NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "myinvois_double_submissions" (
	"submission_uid" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"received_at" bigint NOT NULL,
	"uuids" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "myinvois_double_documents_submission_idx" ON "myinvois_double_documents" USING btree ("submission_uid");--> statement-breakpoint
CREATE INDEX "myinvois_double_documents_issuer_idx" ON "myinvois_double_documents" USING btree ("issuer_tin","received_at");