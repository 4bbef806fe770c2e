CREATE TABLE "limit_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"member" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parental_controls" ADD COLUMN "lock_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "limit_attempts_key_at_idx" ON "limit_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "limit_attempts_at_idx" ON "limit_attempts" USING btree ("at");