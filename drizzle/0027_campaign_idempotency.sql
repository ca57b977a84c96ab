ALTER TABLE "launch"."campaigns" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "launch"."campaigns" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_idempotency_idx" ON "launch"."campaigns" USING btree ("workspace_id","idempotency_key") WHERE "launch"."campaigns"."idempotency_key" is not null;