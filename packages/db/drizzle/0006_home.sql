CREATE TYPE "public"."banner_location" AS ENUM('home', 'kids', 'promos', 'catchups');--> statement-breakpoint
CREATE TYPE "public"."banner_type" AS ENUM('product', 'collection', 'playlist', 'channel', 'tv_selection', 'link', 'mainselection', 'profile');--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"location" "banner_location" NOT NULL,
	"type" "banner_type" NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"art" jsonb NOT NULL,
	"is_narrow" boolean DEFAULT false NOT NULL,
	"for_kids" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"target_alias" text,
	"target_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE INDEX "banners_location_idx" ON "banners" USING btree ("location","position");