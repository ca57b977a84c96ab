CREATE INDEX "pipeline_rows_pipeline_idx" ON "verify"."pipeline_rows" USING btree ("pipeline_id","status","id");--> statement-breakpoint
DROP INDEX "verify"."pipeline_rows_waiting_idx";
