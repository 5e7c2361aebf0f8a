CREATE TABLE "car_reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "car_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"car_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"days_before" integer NOT NULL,
	"key" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sent" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_consents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminder_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"wording" text NOT NULL,
	"locale" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "car_reminders_key" ON "car_reminders" USING btree ("key");--> statement-breakpoint
CREATE INDEX "car_reminders_car_idx" ON "car_reminders" USING btree ("car_id","at");--> statement-breakpoint
CREATE INDEX "reminder_consents_user_idx" ON "reminder_consents" USING btree ("user_id","purpose","id");