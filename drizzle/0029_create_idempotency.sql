ALTER TABLE "launch"."api_keys" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "launch"."api_keys" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "launch"."releases" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "launch"."releases" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "launch"."content_drafts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "launch"."content_drafts" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "launch"."assets" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "launch"."assets" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "launch"."onboarding_runs" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "launch"."onboarding_runs" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "launch"."briefs" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "launch"."briefs" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "verify"."outcomes" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "verify"."outcomes" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_idempotency_idx" ON "launch"."api_keys" USING btree ("workspace_id","idempotency_key") WHERE "launch"."api_keys"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "releases_idempotency_idx" ON "launch"."releases" USING btree ("workspace_id","idempotency_key") WHERE "launch"."releases"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_drafts_idempotency_idx" ON "launch"."content_drafts" USING btree ("workspace_id","idempotency_key") WHERE "launch"."content_drafts"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_idempotency_idx" ON "launch"."assets" USING btree ("workspace_id","idempotency_key") WHERE "launch"."assets"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_runs_idempotency_idx" ON "launch"."onboarding_runs" USING btree ("workspace_id","idempotency_key") WHERE "launch"."onboarding_runs"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "briefs_idempotency_idx" ON "launch"."briefs" USING btree ("workspace_id","idempotency_key") WHERE "launch"."briefs"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "outcomes_idempotency_idx" ON "verify"."outcomes" USING btree ("tenant_id","idempotency_key") WHERE "verify"."outcomes"."idempotency_key" is not null;