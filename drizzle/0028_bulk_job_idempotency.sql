ALTER TABLE "verify"."bulk_jobs" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "verify"."bulk_jobs" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_jobs_idempotency_idx" ON "verify"."bulk_jobs" USING btree ("tenant_id","idempotency_key") WHERE "verify"."bulk_jobs"."idempotency_key" is not null;