-- Issue 29: every chunk knows where it came from (page, slide, sheet and rows, the text's box) and the headings above
-- it; an owner may edit, disable or add chunks. A document says how far its reading is (已识别 12/80 页) and whether
-- its vectors are still to be filled in (向量待补). Chunks made before keep '{}' and '' until reprocessed.
ALTER TABLE "document_chunks" ADD COLUMN "heading_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "position" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_documents" ADD COLUMN "progress" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_documents" ADD COLUMN "vectors_pending" boolean DEFAULT false NOT NULL;