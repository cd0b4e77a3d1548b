-- Sign-in failures per account and source, with an account-wide window (docs/decisions.md D24).
CREATE TABLE "login_source_failures" (
	"username" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_source_failures_username_source_pk" PRIMARY KEY("username","source")
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "source_locked_until" timestamp with time zone;--> statement-breakpoint
-- The system administrator may unlock the security administrator (issue 11): grant 人员管理#解锁 to the role of account -1.
INSERT INTO "role_buttons" ("role_id", "button_id")
SELECT ur."role_id", fb."id"
FROM "user_roles" ur
JOIN "roles" r ON r."id" = ur."role_id" AND r."system"
JOIN "functions" f ON f."path" = '/sysMgr/userMgr'
JOIN "function_buttons" fb ON fb."function_id" = f."id" AND fb."code" = 'unlock'
WHERE ur."user_id" = -1
ON CONFLICT DO NOTHING;
