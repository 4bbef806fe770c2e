CREATE TABLE "external_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" text NOT NULL,
	"title" text NOT NULL,
	"media_asset_id" uuid NOT NULL,
	"title_id" uuid,
	"audience" text DEFAULT 'non_subscribers' NOT NULL,
	"skip_after_seconds" smallint,
	"for_kids" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"profile_id" uuid,
	"item_uid" uuid NOT NULL,
	"item_title" text NOT NULL,
	"media_slug" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"position_seconds" integer,
	"started_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "audio_tracks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "subtitles" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "thumbnails_vtt" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "intro_start_seconds" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "intro_end_seconds" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "credits_start_seconds" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "storage" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "ingested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tariffs" ADD COLUMN "max_streams" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "partner_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "operator_popup" text;--> statement-breakpoint
ALTER TABLE "external_subscriptions" ADD CONSTRAINT "external_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_slots" ADD CONSTRAINT "player_slots_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_slots" ADD CONSTRAINT "player_slots_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_subscriptions_user_idx" ON "external_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "player_slots_position_idx" ON "player_slots" USING btree ("position","is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_sessions_user_device_key" ON "stream_sessions" USING btree ("user_id","device_id");--> statement-breakpoint
CREATE INDEX "stream_sessions_user_active_idx" ON "stream_sessions" USING btree ("user_id","last_seen_at") WHERE "stream_sessions"."state" = 'active';