-- D80: the full-text indexes of chunks keep a pending list of new entries that an insert merges into the index once
-- it passes gin_pending_list_limit (4 MB by default): one insert then took 100–150 ms, and on the embedded database
-- every request waited for it. With 256 kB the merges come sixteen times as often and each is short.
ALTER INDEX "document_chunks_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "chat_file_chunks_search_idx" SET (gin_pending_list_limit = 256);
