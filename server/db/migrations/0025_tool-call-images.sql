-- Issue 27 §6: the images a tool answered in a chat call, stored apart from its text (which names them) and read by
-- the dialogue's owner; they go with their call (regenerating a round or deleting a dialogue removes them).
CREATE TABLE "chat_tool_images" (
	"call_id" text NOT NULL,
	"seq" integer NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "chat_tool_images_call_id_seq_pk" PRIMARY KEY("call_id","seq")
);
--> statement-breakpoint
ALTER TABLE "chat_tool_images" ADD CONSTRAINT "chat_tool_images_call_id_chat_tool_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."chat_tool_calls"("id") ON DELETE cascade ON UPDATE no action;
