ALTER TABLE "titles" ADD COLUMN "search_name" text GENERATED ALWAYS AS (ekran_search_normalize(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "titles" ADD COLUMN "search_name_original" text GENERATED ALWAYS AS (ekran_search_normalize(coalesce(title_original, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "titles" ADD COLUMN "search_names" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(title)), 'A') || setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(coalesce(title_original, ''))), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "titles_search_names_idx" ON "titles" USING gin ("search_names");--> statement-breakpoint
CREATE INDEX "titles_search_name_trgm_idx" ON "titles" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "titles_search_name_original_trgm_idx" ON "titles" USING gin ("search_name_original" gin_trgm_ops);