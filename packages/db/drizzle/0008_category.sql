CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"account_id" uuid,
	"profile_id" uuid,
	"session_id" uuid,
	"action_id" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"sequence_number" integer NOT NULL,
	"block_type" text,
	"element_type" text,
	"element_id" text,
	"element_text" text,
	"product_id" text,
	"ab_tag" text,
	"action_result" text,
	"action_attributes_str" text,
	"event_version" text
);
--> statement-breakpoint
ALTER TABLE "titles" ADD COLUMN "category" text GENERATED ALWAYS AS (case when is_animation then 'animation' when kind = 'movie' then 'movies' else 'series' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_account_idx" ON "analytics_events" USING btree ("account_id","received_at");--> statement-breakpoint
CREATE INDEX "title_countries_country_idx" ON "title_countries" USING btree ("country_code","title_id");--> statement-breakpoint
CREATE INDEX "titles_listing_popularity_idx" ON "titles" USING btree ("category","popularity","alias","id") WHERE "titles"."is_disabled" = false;--> statement-breakpoint
CREATE INDEX "titles_listing_ekran_release_date_idx" ON "titles" USING btree ("category","ekran_release_date","alias","id") WHERE "titles"."is_disabled" = false;--> statement-breakpoint
CREATE INDEX "titles_listing_rating_ekran_idx" ON "titles" USING btree ("category","rating_ekran","alias","id") WHERE "titles"."is_disabled" = false;--> statement-breakpoint
CREATE INDEX "titles_listing_year_idx" ON "titles" USING btree ("category","year","alias","id") WHERE "titles"."is_disabled" = false;--> statement-breakpoint
CREATE INDEX "titles_listing_title_idx" ON "titles" USING btree ("category","title" collate "und-x-icu","alias","id") WHERE "titles"."is_disabled" = false;--> statement-breakpoint
CREATE INDEX "titles_listing_all_ekran_release_date_idx" ON "titles" USING btree ("ekran_release_date","alias","id") WHERE "titles"."is_disabled" = false;