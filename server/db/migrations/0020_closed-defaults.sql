-- Issue 26 items 7 and 8 (D89). A connection or tool set with no roles (or departments) granted was open to every
-- ordinary account; from now on it is its owner's alone until some are granted. Rows that exist keep their access:
-- those open today are marked open_to_all. Database chat's sample rows become a per-connection switch, off for new
-- connections and on for those that exist (they sent samples until now). A database-chat answer records the
-- connection it read, so it is withheld once the user may no longer use that connection.
ALTER TABLE "db_connections" ADD COLUMN "open_to_all" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "db_connections" ADD COLUMN "sample_rows" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "db_connections" SET "open_to_all" = true WHERE cardinality("review_roles") = 0;--> statement-breakpoint
UPDATE "db_connections" SET "sample_rows" = true;--> statement-breakpoint
ALTER TABLE "tool_sets" ADD COLUMN "open_to_all" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "tool_sets" SET "open_to_all" = true WHERE cardinality("review_roles") = 0 AND cardinality("dept_ids") = 0;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "source_connection" integer;
