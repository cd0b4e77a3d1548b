-- Chunk embeddings (docs/decisions.md D16). pgvector is optional: PGlite ships it; a PostgreSQL server without
-- the extension (e.g. Debian's postgresql-15) keeps full-text search only, and the columns are not created.
-- The dimension is not fixed: it is whatever the configured model returns (recall compares equal dimensions).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector')
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    BEGIN
      CREATE EXTENSION vector;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pgvector not enabled (%): full-text search only', SQLERRM;
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    ALTER TABLE document_chunks ADD COLUMN IF NOT EXISTS embedding vector;
    ALTER TABLE document_chunks ADD COLUMN IF NOT EXISTS embedding_model text;
  END IF;
END $$;
