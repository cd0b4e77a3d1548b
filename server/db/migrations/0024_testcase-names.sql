-- Issue 27 §6: a user's generations are told apart by name. Existing duplicates keep the oldest as it is and get
-- the generation's number appended (需求（#17）), then a unique index keeps it so; new ones are numbered by the server.
UPDATE "testcase_generations" g SET "name" = left(g."name", 90) || '（#' || g."id" || '）'
WHERE EXISTS (
  SELECT 1 FROM "testcase_generations" o WHERE o."owner_id" = g."owner_id" AND o."name" = g."name" AND o."id" < g."id"
);--> statement-breakpoint
ALTER TABLE "testcase_generations" ADD CONSTRAINT "testcase_generations_owner_name_uq" UNIQUE("owner_id","name");
