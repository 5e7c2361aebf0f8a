CREATE TABLE "van_bookings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"van_id" text NOT NULL,
	"date" date NOT NULL,
	"start" text NOT NULL,
	"minutes" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "van_bookings_day_idx" ON "van_bookings" USING btree ("van_id","date");--> statement-breakpoint
-- Written by hand: a process keeping vans' days in memory (PGlite) is told, within the writing
-- statement, which van's bookings changed ('*' for a closure of any workshop, or an emptied
-- table); as for slot days (0009), only sessions that set servauto.notify = 'on' notify.
CREATE FUNCTION van_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME = 'store_closures' THEN
    PERFORM pg_notify('van_days', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('van_days', OLD.van_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('van_days', NEW.van_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER van_bookings_van_days AFTER INSERT OR UPDATE OR DELETE ON van_bookings
  FOR EACH ROW WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION van_days_changed();
--> statement-breakpoint
CREATE TRIGGER van_bookings_van_days_truncate AFTER TRUNCATE ON van_bookings
  FOR EACH STATEMENT WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION van_days_changed();
--> statement-breakpoint
CREATE TRIGGER store_closures_van_days AFTER INSERT OR UPDATE OR DELETE ON store_closures
  FOR EACH STATEMENT WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION van_days_changed();
--> statement-breakpoint
CREATE TRIGGER store_closures_van_days_truncate AFTER TRUNCATE ON store_closures
  FOR EACH STATEMENT WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION van_days_changed();
