-- A process keeping logins in memory (PGlite, where one process owns the database) is told,
-- within the writing statement, that sessions or users changed: a login, a logout, a slide of
-- the expiry, a changed name, by any SQL. Only sessions that set servauto.notify = 'on' notify;
-- on PostgreSQL (every call reads the database) the condition is false and nothing runs.
CREATE FUNCTION logins_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('logins', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_logins AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION logins_changed();
--> statement-breakpoint
CREATE TRIGGER users_logins AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT WHEN (current_setting('servauto.notify', true) = 'on') EXECUTE FUNCTION logins_changed();
