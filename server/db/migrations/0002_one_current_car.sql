-- Garages that concurrent calls left with several current cars keep the most recently used one…
UPDATE "user_cars" SET "current" = false
WHERE "current" AND "id" <> (
	SELECT "latest"."id" FROM "user_cars" AS "latest"
	WHERE "latest"."user_id" = "user_cars"."user_id" AND "latest"."current"
	ORDER BY "latest"."updated_at" DESC, "latest"."id" DESC
	LIMIT 1
);--> statement-breakpoint
-- …and those a failed removal left with none get their most recently used car back as current.
UPDATE "user_cars" SET "current" = true
WHERE "id" IN (
	SELECT DISTINCT ON ("user_id") "id" FROM "user_cars" AS "car"
	WHERE NOT EXISTS (SELECT 1 FROM "user_cars" AS "other" WHERE "other"."user_id" = "car"."user_id" AND "other"."current")
	ORDER BY "user_id", "updated_at" DESC, "id" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "user_cars_one_current_key" ON "user_cars" USING btree ("user_id") WHERE current;
