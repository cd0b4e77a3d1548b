-- D91: key pairs of encrypted passwords (shared by every process) and the nonces already spent (replays refused).
CREATE TABLE "login_keys" (
	"alg" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "login_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "login_nonces_expires_idx" ON "login_nonces" USING btree ("expires_at");
