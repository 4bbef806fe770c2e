CREATE TABLE "landings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"lead" text NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hero" jsonb NOT NULL,
	"seo_title" text NOT NULL,
	"seo_description" text NOT NULL,
	"cta_text" text NOT NULL,
	"tariff_id" uuid,
	"promo_code" text,
	"code_entry" boolean DEFAULT false NOT NULL,
	"title_id" uuid,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landings_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "offer_impressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"placement" text NOT NULL,
	"shown_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "offer_impressions_answer_check" CHECK ("offer_impressions"."answer" is null or "offer_impressions"."answer" in ('closed', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"cta_text" text NOT NULL,
	"image" text,
	"tariff_id" uuid,
	"promo_code" text,
	"landing_slug" text,
	"audience" text DEFAULT 'all' NOT NULL,
	"countries" text[] DEFAULT '{RU}'::text[] NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_alias_unique" UNIQUE("alias"),
	CONSTRAINT "offers_kind_check" CHECK ("offers"."kind" in ('offer', 'play_grand', 'upsell')),
	CONSTRAINT "offers_audience_check" CHECK ("offers"."audience" in ('all', 'registered'))
);
--> statement-breakpoint
ALTER TABLE "landings" ADD CONSTRAINT "landings_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landings" ADD CONSTRAINT "landings_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_impressions" ADD CONSTRAINT "offer_impressions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_impressions" ADD CONSTRAINT "offer_impressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_impressions_offer_user_key" ON "offer_impressions" USING btree ("offer_id","user_id");--> statement-breakpoint
CREATE INDEX "offers_kind_idx" ON "offers" USING btree ("kind","is_active");