ALTER TABLE "launch"."audit_events" ALTER COLUMN "campaign_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "launch"."audit_events" ALTER COLUMN "to_status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "launch"."audit_events" ADD COLUMN "release_id" text;--> statement-breakpoint
ALTER TABLE "launch"."audit_events" ADD COLUMN "changed_fields" text[];--> statement-breakpoint
ALTER TABLE "launch"."audit_events" ADD COLUMN "note" text;--> statement-breakpoint
CREATE INDEX "audit_events_release_idx" ON "launch"."audit_events" USING btree ("workspace_id","release_id","id");