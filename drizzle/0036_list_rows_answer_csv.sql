ALTER TABLE "verify"."list_rows" ADD COLUMN "answer_csv" text;--> statement-breakpoint
-- A list row's verdict columns as a CSV download writes them (workers/verify/services/list-results.ts:
-- result, reason, risk group, catch-all, disposable, role), from its address's key, its syntax error
-- and its task's fields (all null for a row without a task). The same rules as that file's verdict
-- and group SQL, which JSON Lines and the quality figures use; a test holds the two downloads equal.
CREATE FUNCTION "verify"."list_answer_csv"(
  email_key text, syntax_error text, status text, is_reachable text, reason text,
  is_catch_all boolean, is_disposable boolean, is_role_account boolean, has_full_inbox boolean, suppressed boolean
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(',',
    CASE WHEN email_key IS NULL THEN 'invalid'
      WHEN status IS NULL OR status IN ('pending', 'retrying') THEN 'pending'
      WHEN status IN ('done', 'dead_lettered') THEN coalesce(is_reachable, 'unknown')
      ELSE 'unknown' END,
    coalesce(syntax_error, CASE WHEN status IN ('done', 'dead_lettered') THEN reason END, ''),
    CASE WHEN email_key IS NULL THEN 'invalid'
      WHEN status IS NULL OR status IN ('pending', 'retrying') THEN 'pending'
      WHEN status IN ('done', 'dead_lettered') AND is_reachable = 'invalid' THEN 'invalid'
      WHEN suppressed THEN 'suppressed'
      WHEN NOT (status IN ('done', 'dead_lettered')) THEN 'unknown'
      WHEN coalesce(is_disposable, false) THEN 'disposable'
      WHEN coalesce(has_full_inbox, false) THEN 'full_inbox'
      WHEN coalesce(is_catch_all, false) THEN 'catch_all'
      WHEN coalesce(is_role_account, false) THEN 'role'
      WHEN is_reachable = 'safe' THEN 'safe'
      WHEN is_reachable = 'risky' THEN 'risky'
      ELSE 'unknown' END,
    CASE WHEN status IN ('done', 'dead_lettered') AND coalesce(is_catch_all, false) THEN 'true'
      WHEN NOT (status IN ('done', 'dead_lettered') AND coalesce(is_catch_all, false)) THEN 'false' ELSE '' END,
    CASE WHEN status IN ('done', 'dead_lettered') AND coalesce(is_disposable, false) THEN 'true'
      WHEN NOT (status IN ('done', 'dead_lettered') AND coalesce(is_disposable, false)) THEN 'false' ELSE '' END,
    CASE WHEN status IN ('done', 'dead_lettered') AND coalesce(is_role_account, false) THEN 'true'
      WHEN NOT (status IN ('done', 'dead_lettered') AND coalesce(is_role_account, false)) THEN 'false' ELSE '' END)
$$;--> statement-breakpoint
-- When a list's job completes, its rows get their answers (list_rows.answer_csv), so that a download
-- reads the list's rows alone instead of looking each task up; when the job is reopened (a retry),
-- they lose them until it completes again. Nested loops are off: a list's rows have no index on
-- their task, and a nested loop over them would be quadratic.
CREATE FUNCTION "verify"."copy_list_answers"() RETURNS trigger LANGUAGE plpgsql SET enable_nestloop = off AS $$
DECLARE
  job_list integer;
BEGIN
  -- Most jobs are not a list's: they stop here, before any join could scan a list.
  SELECT list_id INTO job_list FROM verify.list_jobs WHERE job_id = NEW.id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'completed' THEN
    UPDATE verify.list_rows AS r
    SET answer_csv = verify.list_answer_csv(r.email_key, r.syntax_error, t.status, t.is_reachable, t.reason,
      t.is_catch_all, t.is_disposable, t.is_role_account, t.has_full_inbox, false)
    FROM verify.bulk_tasks AS t
    WHERE r.list_id = job_list AND r.job_id = NEW.id AND t.job_id = NEW.id AND t.position = r.position;
  ELSE
    UPDATE verify.list_rows SET answer_csv = NULL WHERE list_id = job_list AND job_id = NEW.id AND answer_csv IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bulk_jobs_list_answers" AFTER UPDATE OF "status" ON "verify"."bulk_jobs"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND (NEW.status = 'completed' OR OLD.status = 'completed'))
  EXECUTE FUNCTION "verify"."copy_list_answers"();
