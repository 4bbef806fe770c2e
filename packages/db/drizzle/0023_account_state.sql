CREATE TABLE "account_state" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- ---------------------------------------------------------------- hand-written: keep below the generated statements
-- drizzle-kit does not generate functions or triggers. A bump of the account's version for every row written in the
-- tables its auth data is made of (docs/decisions/047-account-answers-cache.md). Constraint triggers deferred to
-- the commit: the version row is locked for the last instant of the transaction only, so two transactions of one
-- account queue there briefly instead of holding it while they do their work, and a reader that sees the new version
-- also sees the rows that moved it. A row that moves to another account (a virtual user's data merged into the
-- account it signs in to) bumps both.
CREATE OR REPLACE FUNCTION public.ekran_bump_account(uid uuid) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO public.account_state (user_id, version) VALUES (uid, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = public.account_state.version + 1;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.ekran_account_row_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN PERFORM public.ekran_bump_account(NEW.user_id); END IF;
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    PERFORM public.ekran_bump_account(OLD.user_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.ekran_account_user_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM public.ekran_bump_account(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_account_state" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.ekran_account_user_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "profiles_account_state" AFTER INSERT OR UPDATE OR DELETE ON "profiles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.ekran_account_row_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "devices_account_state" AFTER INSERT OR UPDATE OR DELETE ON "devices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.ekran_account_row_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subscriptions_account_state" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.ekran_account_row_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_account_state" AFTER INSERT OR UPDATE OR DELETE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.ekran_account_row_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "social_identities_account_state" AFTER INSERT OR UPDATE OR DELETE ON "social_identities" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.ekran_account_row_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "parental_controls_account_state" AFTER INSERT OR UPDATE OR DELETE ON "parental_controls" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.ekran_account_row_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "external_subscriptions_account_state" AFTER INSERT OR UPDATE OR DELETE ON "external_subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.ekran_account_row_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "operator_subscriptions_account_state" AFTER INSERT OR UPDATE OR DELETE ON "operator_subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.ekran_account_row_changed();
