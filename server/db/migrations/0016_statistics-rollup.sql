CREATE TABLE "audit_daily" (
	"day" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"operations" integer NOT NULL,
	"logins" integer NOT NULL,
	"failures" integer NOT NULL,
	CONSTRAINT "audit_daily_key_uq" UNIQUE NULLS NOT DISTINCT("day","actor_id","action")
);
--> statement-breakpoint
CREATE TABLE "chat_answer_stats" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_answer_stats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"chat_mode" text NOT NULL,
	"space_id" integer,
	"model_name" text,
	"status" text NOT NULL,
	"queue_wait_ms" integer,
	"first_token_ms" integer,
	"tokens" integer,
	"stream_ms" integer
);
--> statement-breakpoint
CREATE INDEX "chat_answer_stats_at_idx" ON "chat_answer_stats" USING btree ("at");--> statement-breakpoint
-- D64: the audit log's daily rollup, kept by the insert itself (one statement-level trigger per INSERT statement,
-- so a bulk insert adds its rows grouped once). The audit log refuses updates and deletes, so adding is enough.
CREATE OR REPLACE FUNCTION audit_daily_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO audit_daily (day, actor_id, action, operations, logins, failures)
  SELECT floor((extract(epoch FROM n.at) + 28800) / 86400)::int, n.actor_id, n.action, count(*)::int,
    count(*) FILTER (WHERE n.action = 'login' AND n.result = 'success')::int,
    count(*) FILTER (WHERE n.result <> 'success')::int
  FROM audit_new_rows n GROUP BY 1, 2, 3
  ON CONFLICT (day, actor_id, action) DO UPDATE SET operations = audit_daily.operations + excluded.operations,
    logins = audit_daily.logins + excluded.logins, failures = audit_daily.failures + excluded.failures;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_daily AFTER INSERT ON audit_log REFERENCING NEW TABLE AS audit_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_daily_add();
--> statement-breakpoint
-- The entries written before the rollup existed.
INSERT INTO audit_daily (day, actor_id, action, operations, logins, failures)
SELECT floor((extract(epoch FROM a.at) + 28800) / 86400)::int, a.actor_id, a.action, count(*)::int,
  count(*) FILTER (WHERE a.action = 'login' AND a.result = 'success')::int,
  count(*) FILTER (WHERE a.result <> 'success')::int
FROM audit_log a GROUP BY 1, 2, 3;
--> statement-breakpoint
-- D65: the questions asked before answers were recorded, without timings (none were measured).
INSERT INTO chat_answer_stats (at, user_id, chat_mode, space_id, model_name, status)
SELECT h.created_at, d.owner_id, d.chat_mode, CASE WHEN d.chat_mode = 'chat_knowledge' THEN s.id END, h.model_name,
  coalesce(v.status, 'complete')
FROM chat_messages h
JOIN chat_dialogues d ON d.id = h.dialogue_id
LEFT JOIN chat_messages v ON v.dialogue_id = h.dialogue_id AND v.round = h.round AND v.role = 'view'
LEFT JOIN knowledge_spaces s ON s.name = d.select_param
WHERE h.role = 'human';
