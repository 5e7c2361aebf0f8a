CREATE TABLE "site_publishes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_publishes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" text NOT NULL,
	"trigger" text NOT NULL,
	"builder" text NOT NULL,
	"state" text NOT NULL,
	"built" boolean DEFAULT false NOT NULL,
	"error" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "site_publishes_started_idx" ON "site_publishes" USING btree ("started_at");