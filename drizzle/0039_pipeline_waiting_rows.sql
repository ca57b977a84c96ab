ALTER TABLE "verify"."pipelines" ADD COLUMN "waiting_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "verify"."pipelines" p SET "waiting_rows" = w.n
FROM (SELECT "pipeline_id", count(*)::int AS n FROM "verify"."pipeline_rows" WHERE "status" = 'waiting' GROUP BY "pipeline_id") w
WHERE w."pipeline_id" = p."id";
