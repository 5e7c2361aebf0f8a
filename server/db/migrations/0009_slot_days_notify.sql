-- A process keeping workshops' slot days in memory (PGlite, where one process owns the database)
-- is told, within the writing statement, whose units or closures changed: by any SQL, the shop's
-- own or not. Only sessions that set servauto.notify = 'on' notify; elsewhere (PostgreSQL, read
-- afresh on every call) the triggers' condition is false and nothing runs.
CREATE FUNCTION slot_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('slot_days', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('slot_days', OLD.workshop_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('slot_days', NEW.workshop_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booked_units_slot_days AFTER INSERT OR UPDATE OR DELETE ON booked_units
  FOR EACH ROW WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION slot_days_changed();
--> statement-breakpoint
CREATE TRIGGER booked_units_slot_days_truncate AFTER TRUNCATE ON booked_units
  FOR EACH STATEMENT WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION slot_days_changed();
--> statement-breakpoint
CREATE TRIGGER store_closures_slot_days AFTER INSERT OR UPDATE OR DELETE ON store_closures
  FOR EACH ROW WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION slot_days_changed();
--> statement-breakpoint
CREATE TRIGGER store_closures_slot_days_truncate AFTER TRUNCATE ON store_closures
  FOR EACH STATEMENT WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION slot_days_changed();
