-- Two open orders that drew the same code before the index: the later one draws again.
UPDATE "orders" SET "pickup_code" = lpad(floor(random() * 1000000)::int::text, 6, '0')
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "pickup_code" ORDER BY "created_at", "id") AS "n"
    FROM "orders" WHERE "pickup_code" IS NOT NULL AND "status" IN ('UPCOMING', 'IN_PROGRESS')
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_pickup_code_key" ON "orders" USING btree ("pickup_code") WHERE "orders"."pickup_code" is not null and "orders"."status" in ('UPCOMING', 'IN_PROGRESS');
