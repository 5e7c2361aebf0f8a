-- Hand-edited: IF EXISTS added to every DROP.
-- The doubles' tables (the sandbox gateway's, the Curlec double's, the MyInvois double's) leave
-- the shop's schema: a production database keeps none of them. The doubles create their own
-- again, with their own migrations (dev/doubles/migrations/, bookkept in
-- drizzle.__doubles_migrations), when a development or test server starts with them.
DROP TABLE IF EXISTS "sandbox_checkouts" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "sandbox_refunds" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "curlec_double_idempotency" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "curlec_double_links" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "curlec_double_orders" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "curlec_double_payments" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "curlec_double_refunds" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "curlec_double_requests" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "curlec_double_webhooks" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "myinvois_double_bodies" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "myinvois_double_documents" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "myinvois_double_submissions" CASCADE;