CREATE TABLE "catalog_revision" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_revision_one_row" CHECK ("catalog_revision"."id" = 1)
);--> statement-breakpoint
-- ---------------------------------------------------------------- hand-written: keep below the generated statements
-- drizzle-kit does not generate rows, functions or triggers. The one row of the catalogue's revision, and a bump of
-- it after every statement that writes a table a page shows (docs/decisions/044-shared-page-cache.md): the titles
-- and what hangs off them, collections, selections, playlists, banners, landings and their offers, tariffs and the
-- TV channels with their categories and loops. Not tv_programmes (and tv_imports): the guide is rewritten by every
-- import and its rows are time-bound, so a page showing it is as current as its TTL says. Statement-level, so a
-- bulk import bumps once per statement, not once per row; the seed and the CLIs write rarely, so the one row's lock
-- costs nothing that matters.
INSERT INTO "catalog_revision" ("id", "revision") VALUES (1, 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.ekran_bump_catalog_revision() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE public.catalog_revision SET revision = revision + 1, changed_at = now() WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "genres_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "genres" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "genre_texts_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "genre_texts" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "countries_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "countries" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "people_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "people" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "media_assets_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media_assets" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "titles_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "titles" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "title_genres_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "title_genres" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "title_countries_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "title_countries" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "credits_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "credits" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "seasons_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seasons" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "episodes_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "episodes" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "extras_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "extras" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "collections_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collections" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "collection_items_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collection_items" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "selections_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "selections" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "selection_items_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "selection_items" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "playlists_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "playlists" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "playlist_items_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "playlist_items" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "banners_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "landings_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "landings" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "offers_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "tariffs_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tariffs" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "tv_categories_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tv_categories" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "tv_channels_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tv_channels" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "tv_channel_categories_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tv_channel_categories" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();--> statement-breakpoint
CREATE TRIGGER "tv_channel_loop_items_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tv_channel_loop_items" FOR EACH STATEMENT EXECUTE FUNCTION public.ekran_bump_catalog_revision();
