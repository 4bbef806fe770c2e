CREATE TABLE "genre_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"genre_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"heading" text NOT NULL,
	"description" text NOT NULL,
	"body" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "genre_texts" ADD CONSTRAINT "genre_texts_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "genre_texts_genre_kind_key" ON "genre_texts" USING btree ("genre_id","kind");