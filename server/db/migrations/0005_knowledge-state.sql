CREATE TABLE "knowledge_state" (
	"space_id" integer PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION bump_knowledge_state(space integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO knowledge_state (space_id, generation) VALUES (space, 1)
  ON CONFLICT (space_id) DO UPDATE SET generation = knowledge_state.generation + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION knowledge_documents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_knowledge_state(OLD.space_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.space_id <> OLD.space_id) THEN PERFORM bump_knowledge_state(NEW.space_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER knowledge_documents_changed AFTER INSERT OR UPDATE OR DELETE ON knowledge_documents
  FOR EACH ROW EXECUTE FUNCTION knowledge_documents_changed();
--> statement-breakpoint
CREATE FUNCTION document_jobs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  job jobs%ROWTYPE;
  space integer;
BEGIN
  IF TG_OP = 'DELETE' THEN job := OLD; ELSE job := NEW; END IF;
  IF job.queue = 'document-processing' AND job.payload ? 'docId' THEN
    SELECT space_id INTO space FROM knowledge_documents WHERE id = (job.payload->>'docId')::integer;
    IF space IS NOT NULL THEN PERFORM bump_knowledge_state(space); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_jobs_changed AFTER INSERT OR UPDATE OR DELETE ON jobs
  FOR EACH ROW EXECUTE FUNCTION document_jobs_changed();
