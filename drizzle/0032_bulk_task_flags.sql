-- One statement: adding a stored generated column rewrites the table, and four would rewrite it four times.
ALTER TABLE "verify"."bulk_tasks" ADD COLUMN "is_disposable" boolean GENERATED ALWAYS AS ((result -> 'misc' ->> 'is_disposable') = 'true') STORED,
  ADD COLUMN "is_role_account" boolean GENERATED ALWAYS AS ((result -> 'misc' ->> 'is_role_account') = 'true') STORED,
  ADD COLUMN "is_catch_all" boolean GENERATED ALWAYS AS ((result -> 'smtp' ->> 'is_catch_all') = 'true') STORED,
  ADD COLUMN "has_full_inbox" boolean GENERATED ALWAYS AS ((result -> 'smtp' ->> 'has_full_inbox') = 'true') STORED;
