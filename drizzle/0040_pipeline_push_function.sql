-- A pipeline push stored in one statement (workers/verify/pipelines/push.ts): the pipeline row
-- locked, then the push decided and written by a statement that sees what was committed before the
-- lock was granted. A volatile function takes a fresh snapshot for each statement it runs, which a
-- single statement of the caller's could not: the push was a batch of four (BEGIN, the lock, this
-- statement, COMMIT) and is now one call, committed on its own; PostgreSQL also keeps the
-- statement's plan for the connection instead of planning it with every push.
--
-- The push's Idempotency-Key is looked up and remembered with the rows, under the lock, so
-- concurrent duplicates cannot both pass. No row when the pipeline is not the workspace's.
CREATE FUNCTION "verify"."pipeline_push"(
  arg_pipeline_id bigint,
  arg_tenant_id text,
  arg_push_key text,
  arg_fingerprint text,
  -- The accepted rows ({push_index, email, email_key, data}) and the push's counts ({accepted, duplicates, invalid}).
  arg_rows jsonb,
  arg_summary jsonb,
  arg_source_key text,
  -- What the rows were analysed with from the definition: its email column (null when the push
  -- named its own) and whether its source key. Nothing is stored unless they are still the pipeline's.
  arg_assumed_email_column text,
  arg_assumed_source_key boolean,
  arg_now timestamptz,
  -- A key remembered before this is past its lifetime and taken afresh.
  arg_key_since timestamptz
) RETURNS TABLE (push_outcome text, pipeline_options jsonb, push_answer jsonb)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  -- When the oldest row still waiting was pushed, before this push: where the batch's wait began.
  first_waiting_at timestamptz;
BEGIN
  PERFORM 1 FROM "verify"."pipelines" WHERE id = arg_pipeline_id AND tenant_id = arg_tenant_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- Planned with each call (EXECUTE), unlike the statements around it: the plan a connection keeps
  -- is a generic one, which chose to walk every pipeline's rows in id order (273,600 rows, 51 ms,
  -- seen by the pipelines bench) rather than this pipeline's waiting rows through their index.
  EXECUTE 'SELECT pushed_at FROM "verify"."pipeline_rows" WHERE pipeline_id = $1 AND status = ''waiting'' ORDER BY id LIMIT 1'
    INTO first_waiting_at USING arg_pipeline_id;
  WITH p AS (
    SELECT id, tenant_id, status, options, batch_max_rows, batch_max_wait_seconds, waiting_rows,
      (arg_assumed_email_column IS NULL OR email_column = arg_assumed_email_column)
        AND (NOT arg_assumed_source_key OR source_key IS NOT DISTINCT FROM arg_source_key) AS current
    FROM "verify"."pipelines"
    WHERE id = arg_pipeline_id AND tenant_id = arg_tenant_id
  ),
  earlier AS (
    SELECT fingerprint, answer FROM "verify"."pipeline_pushes"
    WHERE pipeline_id = arg_pipeline_id AND push_key = arg_push_key AND pushed_at > arg_key_since
  ),
  verdict AS (
    SELECT CASE
      WHEN NOT (SELECT current FROM p) THEN 'changed'
      WHEN NOT EXISTS (SELECT 1 FROM earlier) THEN 'new'
      WHEN (SELECT fingerprint FROM earlier) = arg_fingerprint THEN 'replay'
      ELSE 'conflict'
    END AS outcome
  ),
  inserted AS (
    INSERT INTO "verify"."pipeline_rows" (pipeline_id, tenant_id, push_key, push_index, source_key, data, email, email_key, pushed_at)
    SELECT p.id, p.tenant_id, arg_push_key, r.push_index, arg_source_key, r.data, r.email, r.email_key, arg_now
    FROM p, jsonb_to_recordset(arg_rows) AS r(push_index int, email text, email_key text, data jsonb)
    WHERE (SELECT outcome FROM verdict) = 'new'
    RETURNING 1
  ),
  counted AS (
    UPDATE "verify"."pipelines"
    SET rows_pushed = rows_pushed + (SELECT count(*) FROM inserted), waiting_rows = waiting_rows + (SELECT count(*) FROM inserted),
      last_push_at = arg_now
    WHERE id = (SELECT id FROM p) AND EXISTS (SELECT 1 FROM inserted)
    RETURNING 1
  ),
  answer AS (
    -- The waiting rows: the pipeline's count before the push plus those it stored (a statement does not see its own writes).
    SELECT arg_summary || jsonb_build_object(
      'held', p.status <> 'active',
      'waiting', p.waiting_rows + (SELECT count(*)::int FROM inserted),
      'oldest_ms', extract(epoch FROM coalesce(
        first_waiting_at,
        CASE WHEN EXISTS (SELECT 1 FROM inserted) THEN arg_now END))::float8 * 1000,
      'max_rows', p.batch_max_rows,
      'max_wait', p.batch_max_wait_seconds,
      'at_ms', extract(epoch FROM arg_now)::float8 * 1000) AS body
    FROM p
  ),
  remembered AS (
    INSERT INTO "verify"."pipeline_pushes" (pipeline_id, push_key, fingerprint, answer, pushed_at)
    SELECT p.id, arg_push_key, arg_fingerprint, a.body, arg_now FROM p, answer a
    WHERE (SELECT outcome FROM verdict) = 'new'
    ON CONFLICT (pipeline_id, push_key) DO UPDATE SET fingerprint = excluded.fingerprint, answer = excluded.answer, pushed_at = excluded.pushed_at
    RETURNING 1
  )
  SELECT v.outcome, p.options, coalesce((SELECT e.answer FROM earlier e), a.body)
  INTO push_outcome, pipeline_options, push_answer
  FROM p, verdict v, answer a;
  RETURN NEXT;
END
$$;
