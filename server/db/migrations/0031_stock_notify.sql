-- A process keeping stock counts in memory (PGlite, where one process owns the database) is told,
-- within the writing statement, which sku's counts changed, by any SQL; '*' for a truncate and
-- for the stock rules. Only sessions that set servauto.notify = 'on' notify; on PostgreSQL (read
-- afresh on every call) the triggers' condition is false and nothing runs.
CREATE FUNCTION stock_levels_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME = 'stock_rules' THEN
    PERFORM pg_notify('stock_levels', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('stock_levels', OLD.sku);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('stock_levels', NEW.sku);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_levels_notify AFTER INSERT OR UPDATE OR DELETE ON stock_levels
  FOR EACH ROW WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION stock_levels_changed();
--> statement-breakpoint
CREATE TRIGGER stock_levels_notify_truncate AFTER TRUNCATE ON stock_levels
  FOR EACH STATEMENT WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION stock_levels_changed();
--> statement-breakpoint
CREATE TRIGGER stock_rules_notify AFTER INSERT OR UPDATE OR DELETE ON stock_rules
  FOR EACH ROW WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION stock_levels_changed();
--> statement-breakpoint
CREATE TRIGGER stock_rules_notify_truncate AFTER TRUNCATE ON stock_rules
  FOR EACH STATEMENT WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION stock_levels_changed();
