-- D72: a change of a space's documents (the counter of 0005) and a change of the spaces are announced with NOTIFY,
-- so the embedded database's one process knows the space and its counter without a statement per request. PGlite
-- delivers a notification to its process with the answer of the statement (or transaction) that commits it.
CREATE OR REPLACE FUNCTION bump_knowledge_state(space integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  now_at bigint;
BEGIN
  INSERT INTO knowledge_state (space_id, generation) VALUES (space, 1)
  ON CONFLICT (space_id) DO UPDATE SET generation = knowledge_state.generation + 1
  RETURNING generation INTO now_at;
  PERFORM pg_notify('kb_knowledge_state', space::text || ':' || now_at::text);
END $$;
--> statement-breakpoint
CREATE FUNCTION knowledge_spaces_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kb_knowledge_spaces', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER knowledge_spaces_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON knowledge_spaces
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_spaces_changed();
