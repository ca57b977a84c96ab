-- Plans are data: prices and allowances change without a deploy. Re-running keeps edits made since.
INSERT INTO "launch"."plans" ("id", "name", "rank", "features", "quotas") VALUES
  ('pro', 'Pro', 1, ARRAY['workspace:use'], '{"campaigns": 50, "screenshots": 1000}'),
  ('business', 'Business', 2, ARRAY['workspace:use', 'publishing:webhook'], '{"campaigns": 500, "screenshots": 10000}'),
  ('enterprise', 'Enterprise', 3, ARRAY['workspace:use', 'publishing:webhook'], '{"campaigns": 5000, "screenshots": 100000}')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "verify"."plans" ("id", "name", "rank", "features", "quotas") VALUES
  ('free', 'Free', 0, ARRAY['verify'], '{"credits": 100}'),
  ('starter', 'Starter', 1, ARRAY['verify', 'bulk', 'lists', 'suppressions'], '{"credits": 10000}'),
  ('pro', 'Pro', 2, ARRAY['verify', 'bulk', 'lists', 'suppressions', 'pipelines', 'reputation', 'find_email'], '{"credits": 100000}'),
  ('enterprise', 'Enterprise', 3, ARRAY['verify', 'bulk', 'lists', 'suppressions', 'pipelines', 'reputation', 'find_email', 'reverification'], '{"credits": 1000000}')
ON CONFLICT ("id") DO NOTHING;
