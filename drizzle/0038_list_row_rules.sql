-- The verdict and risk-group rules of a list row, once: the downloads, the quality figures and the
-- answers copied onto list rows (0036) all read them here. 0036's list_answer_csv spelled them out
-- again beside workers/verify/services/list-results.ts; it is replaced by one that calls these.
-- A list row's verification result (safe, risky, invalid, unknown, or pending while its check
-- waits) from its address's key and its task's fields (null for a row without a task). Only a
-- finished task's result is its answer; a retrying task's last result is not.
CREATE FUNCTION "verify"."list_row_verdict"(email_key text, status text, is_reachable text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN email_key IS NULL THEN 'invalid'
    WHEN status IS NULL OR status IN ('pending', 'retrying') THEN 'pending'
    WHEN status IN ('done', 'dead_lettered') THEN coalesce(is_reachable, 'unknown')
    ELSE 'unknown' END
$$;--> statement-breakpoint
-- A list row's risk group (workers/verify/lists/quality.ts), or pending. `suppressed` is the flag of
-- the list's last suppression scan; an address the check found invalid stays invalid.
CREATE FUNCTION "verify"."list_row_group"(
  email_key text, status text, is_reachable text, suppressed boolean,
  is_disposable boolean, has_full_inbox boolean, is_catch_all boolean, is_role_account boolean
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN email_key IS NULL THEN 'invalid'
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
    ELSE 'unknown' END
$$;--> statement-breakpoint
-- The same answer as 0036 wrote it, now from the two rules above instead of a copy of them.
CREATE OR REPLACE FUNCTION "verify"."list_answer_csv"(
  email_key text, syntax_error text, status text, is_reachable text, reason text,
  is_catch_all boolean, is_disposable boolean, is_role_account boolean, has_full_inbox boolean, suppressed boolean
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(',',
    verify.list_row_verdict(email_key, status, is_reachable),
    coalesce(syntax_error, CASE WHEN status IN ('done', 'dead_lettered') THEN reason END, ''),
    verify.list_row_group(email_key, status, is_reachable, suppressed, is_disposable, has_full_inbox, is_catch_all, is_role_account),
    CASE WHEN status IN ('done', 'dead_lettered') AND coalesce(is_catch_all, false) THEN 'true'
      WHEN NOT (status IN ('done', 'dead_lettered') AND coalesce(is_catch_all, false)) THEN 'false' ELSE '' END,
    CASE WHEN status IN ('done', 'dead_lettered') AND coalesce(is_disposable, false) THEN 'true'
      WHEN NOT (status IN ('done', 'dead_lettered') AND coalesce(is_disposable, false)) THEN 'false' ELSE '' END,
    CASE WHEN status IN ('done', 'dead_lettered') AND coalesce(is_role_account, false) THEN 'true'
      WHEN NOT (status IN ('done', 'dead_lettered') AND coalesce(is_role_account, false)) THEN 'false' ELSE '' END)
$$;
