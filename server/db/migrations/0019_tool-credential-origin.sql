-- D88: a tool set's stored credential is bound to the origin (scheme, host, port) it was typed for; a request to any
-- other origin is refused at the call. Empty for sets from before: bound to where they point now (the next edit
-- writes it).
ALTER TABLE "tool_sets" ADD COLUMN "credential_origin" text DEFAULT '' NOT NULL;
