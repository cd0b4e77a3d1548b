-- Issue 27 §2: a knowledge space may be limited to departments (with their sub-departments) and roles, by the same
-- rule as tool sets (server/identity/grant-rule.ts). Both empty: everyone with 知识库, so existing spaces keep their
-- access. A change of the limit moves the space's change counter, so answers kept per state of the space are not reused.
ALTER TABLE "knowledge_spaces" ADD COLUMN "review_roles" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_spaces" ADD COLUMN "dept_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE FUNCTION knowledge_space_grants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_knowledge_state(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER knowledge_space_grants_changed AFTER UPDATE OF review_roles, dept_ids ON knowledge_spaces
  FOR EACH ROW WHEN (OLD.review_roles IS DISTINCT FROM NEW.review_roles OR OLD.dept_ids IS DISTINCT FROM NEW.dept_ids)
  EXECUTE FUNCTION knowledge_space_grants_changed();
