CREATE TABLE "chat_tool_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"dialogue_id" integer NOT NULL,
	"round" integer NOT NULL,
	"seq" integer NOT NULL,
	"offset" integer DEFAULT 0 NOT NULL,
	"tool_id" integer,
	"set_name" text NOT NULL,
	"tool_name" text NOT NULL,
	"risk" text NOT NULL,
	"arguments" text NOT NULL,
	"status" text NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"is_error" boolean DEFAULT false NOT NULL,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_dialogues" ADD COLUMN "shown_secrecy" text;--> statement-breakpoint
ALTER TABLE "chat_tool_calls" ADD CONSTRAINT "chat_tool_calls_dialogue_id_chat_dialogues_id_fk" FOREIGN KEY ("dialogue_id") REFERENCES "public"."chat_dialogues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_tool_calls_round_idx" ON "chat_tool_calls" USING btree ("dialogue_id","round","seq");--> statement-breakpoint
ALTER TABLE "chat_dialogues" ADD CONSTRAINT "chat_dialogues_shown_secrecy_secrecy_grades_code_fk" FOREIGN KEY ("shown_secrecy") REFERENCES "public"."secrecy_grades"("code") ON DELETE no action ON UPDATE no action;