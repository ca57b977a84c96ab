CREATE TABLE "verify"."operator_audit_events" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"operator_name" text NOT NULL,
	"operator_role" text NOT NULL,
	"action" text NOT NULL,
	"tenant_id" text,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"change" jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify"."operators" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operators_email_unique" UNIQUE("email"),
	CONSTRAINT "operators_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "verify"."tenants" ADD COLUMN "quota_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "verify"."tenants" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verify"."tenants" ADD COLUMN "purge_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operator_audit_tenant_idx" ON "verify"."operator_audit_events" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "operator_audit_operator_idx" ON "verify"."operator_audit_events" USING btree ("operator_id","id");