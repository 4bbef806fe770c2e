-- Hand-written (drizzle-kit does not generate functions or triggers): every committed change of an account's
-- version or of one of its sessions is announced on the channel ekran_account_changed with the user's id, so an API
-- process that keeps sessions for a few seconds drops that account's at once (docs/decisions/049-sessions-kept-per-process.md).
-- NOTIFY is transactional: listeners hear it after the commit, never of a transaction that rolled back, and one
-- transaction's repeated announcements of one account arrive once.
CREATE OR REPLACE FUNCTION public.ekran_announce_account(uid uuid) RETURNS void
  LANGUAGE sql
  AS $$
  SELECT pg_notify('ekran_account_changed', uid::text);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.ekran_account_state_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM public.ekran_announce_account(NEW.user_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The version rows are written by the deferred triggers of migration 0023 at the commit itself.
CREATE TRIGGER "account_state_announce" AFTER INSERT OR UPDATE ON "account_state" FOR EACH ROW EXECUTE FUNCTION public.ekran_account_state_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.ekran_session_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM public.ekran_announce_account(OLD.user_id);
  IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN PERFORM public.ekran_announce_account(NEW.user_id); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_announce_delete" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION public.ekran_session_changed();--> statement-breakpoint
-- Not a sliding expiry moved forward or the time of last use (every few minutes of a session's use): what a kept
-- session still knows.
CREATE TRIGGER "sessions_announce_update" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.profile_id IS DISTINCT FROM NEW.profile_id
    OR OLD.device_id IS DISTINCT FROM NEW.device_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.revoked_reason IS DISTINCT FROM NEW.revoked_reason
    OR OLD.api_client_id IS DISTINCT FROM NEW.api_client_id OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION public.ekran_session_changed();
