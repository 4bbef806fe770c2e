CREATE TABLE "favorite_channels" (
	"profile_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_channels_profile_id_channel_id_pk" PRIMARY KEY("profile_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "tv_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"for_kids" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tv_categories_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "tv_channel_categories" (
	"channel_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "tv_channel_categories_channel_id_category_id_pk" PRIMARY KEY("channel_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "tv_channel_loop_items" (
	"channel_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"media_asset_id" uuid NOT NULL,
	CONSTRAINT "tv_channel_loop_items_channel_id_position_pk" PRIMARY KEY("channel_id","position")
);
--> statement-breakpoint
CREATE TABLE "tv_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"number" smallint NOT NULL,
	"logo" text NOT NULL,
	"xmltv_id" text NOT NULL,
	"for_kids" boolean DEFAULT false NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"rating_age" text DEFAULT '16+' NOT NULL,
	"loop_epoch" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tv_channels_alias_unique" UNIQUE("alias"),
	CONSTRAINT "tv_channels_xmltv_id_unique" UNIQUE("xmltv_id")
);
--> statement-breakpoint
CREATE TABLE "tv_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"channels" integer DEFAULT 0 NOT NULL,
	"programmes" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tv_programmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"sub_title" text,
	"description" text DEFAULT '' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating_age" text,
	"year" smallint,
	"poster" text,
	"title_id" uuid,
	"season_number" smallint,
	"episode_number" smallint,
	"expired_at" timestamp with time zone,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tv_programmes_interval_check" CHECK ("tv_programmes"."ends_at" > "tv_programmes"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "favorite_channels" ADD CONSTRAINT "favorite_channels_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_channels" ADD CONSTRAINT "favorite_channels_channel_id_tv_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."tv_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_channel_categories" ADD CONSTRAINT "tv_channel_categories_channel_id_tv_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."tv_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_channel_categories" ADD CONSTRAINT "tv_channel_categories_category_id_tv_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."tv_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_channel_loop_items" ADD CONSTRAINT "tv_channel_loop_items_channel_id_tv_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."tv_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_channel_loop_items" ADD CONSTRAINT "tv_channel_loop_items_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_programmes" ADD CONSTRAINT "tv_programmes_channel_id_tv_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."tv_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_programmes" ADD CONSTRAINT "tv_programmes_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tv_channel_categories_category_idx" ON "tv_channel_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tv_channels_number_key" ON "tv_channels" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tv_programmes_channel_start_key" ON "tv_programmes" USING btree ("channel_id","starts_at");--> statement-breakpoint
CREATE INDEX "tv_programmes_channel_end_idx" ON "tv_programmes" USING btree ("channel_id","ends_at");--> statement-breakpoint
CREATE INDEX "tv_programmes_recordings_idx" ON "tv_programmes" USING btree ("expired_at","title_id") WHERE "tv_programmes"."title_id" is not null;--> statement-breakpoint
CREATE INDEX "tv_programmes_title_idx" ON "tv_programmes" USING btree ("title_id");