-- A pipeline push stored in one statement (workers/verify/pipelines/push.ts), so one round trip
-- with no transaction to open and close: the pipeline row locked, then the push decided and written
-- by statements that see what was committed before the lock was granted. A volatile function takes
-- a fresh snapshot for each statement it runs, which one statement of the caller's could not (its
-- snapshot is taken before it waits for the lock); PostgreSQL also keeps the statements' plans for
-- the connection instead of planning them with every push.
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
  pipeline record;
  earlier record;
  -- When the oldest row still waiting was pushed, before this push: where the batch's wait began.
  first_waiting_at timestamptz;
  stored integer;
  waiting integer;
BEGIN
  SELECT * INTO pipeline FROM "verify"."pipelines" WHERE id = arg_pipeline_id AND tenant_id = arg_tenant_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  pipeline_options := pipeline.options;
  IF NOT ((arg_assumed_email_column IS NULL OR pipeline.email_column = arg_assumed_email_column)
      AND (NOT arg_assumed_source_key OR pipeline.source_key IS NOT DISTINCT FROM arg_source_key)) THEN
    push_outcome := 'changed';
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT * INTO earlier FROM "verify"."pipeline_pushes"
  WHERE pipeline_id = arg_pipeline_id AND push_key = arg_push_key AND pushed_at > arg_key_since;
  IF FOUND THEN
    push_outcome := CASE WHEN earlier.fingerprint = arg_fingerprint THEN 'replay' ELSE 'conflict' END;
    push_answer := earlier.answer;
    RETURN NEXT;
    RETURN;
  END IF;

  -- Planned with each call (EXECUTE), unlike the statements around it: the plan a connection keeps
  -- is a generic one, which chose to walk every pipeline's rows in id order (273,600 rows, 51 ms,
  -- seen by the pipelines bench) rather than this pipeline's waiting rows through their index.
  EXECUTE 'SELECT pushed_at FROM "verify"."pipeline_rows" WHERE pipeline_id = $1 AND status = ''waiting'' ORDER BY id LIMIT 1'
    INTO first_waiting_at USING arg_pipeline_id;
  INSERT INTO "verify"."pipeline_rows" (pipeline_id, tenant_id, push_key, push_index, source_key, data, email, email_key, pushed_at)
  SELECT pipeline.id, pipeline.tenant_id, arg_push_key, r.push_index, arg_source_key, r.data, r.email, r.email_key, arg_now
  FROM jsonb_to_recordset(arg_rows) AS r(push_index int, email text, email_key text, data jsonb);
  GET DIAGNOSTICS stored = ROW_COUNT;
  waiting := pipeline.waiting_rows;
  IF stored > 0 THEN
    UPDATE "verify"."pipelines"
    SET rows_pushed = rows_pushed + stored, waiting_rows = waiting_rows + stored, last_push_at = arg_now
    WHERE id = arg_pipeline_id
    RETURNING waiting_rows INTO waiting;
  END IF;
  push_outcome := 'new';
  push_answer := arg_summary || jsonb_build_object(
    'held', pipeline.status <> 'active',
    'waiting', waiting,
    'oldest_ms', extract(epoch FROM coalesce(first_waiting_at, CASE WHEN stored > 0 THEN arg_now END))::float8 * 1000,
    'max_rows', pipeline.batch_max_rows,
    'max_wait', pipeline.batch_max_wait_seconds,
    'at_ms', extract(epoch FROM arg_now)::float8 * 1000);
  -- A key past its lifetime is taken afresh.
  INSERT INTO "verify"."pipeline_pushes" (pipeline_id, push_key, fingerprint, answer, pushed_at)
  VALUES (arg_pipeline_id, arg_push_key, arg_fingerprint, push_answer, arg_now)
  ON CONFLICT (pipeline_id, push_key) DO UPDATE SET fingerprint = excluded.fingerprint, answer = excluded.answer, pushed_at = excluded.pushed_at;
  RETURN NEXT;
END
$$;
