CREATE TABLE "verify"."suppression_events" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"suppression_id" integer NOT NULL,
	"type" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify"."suppressions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verify"."suppressions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"mailbox" text,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verify"."outcomes" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"provider" text,
	"message_id" text,
	"job_id" integer,
	"list_id" integer,
	"endpoint_id" uuid,
	"detail" jsonb,
	"suppression_id" integer,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify"."provider_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"provider" text NOT NULL,
	"label" text,
	"allowed_ips" jsonb,
	"provider_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"last_delivery_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_endpoints_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "verify"."suppression_events" ADD CONSTRAINT "suppression_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."suppression_events" ADD CONSTRAINT "suppression_events_suppression_id_suppressions_id_fk" FOREIGN KEY ("suppression_id") REFERENCES "verify"."suppressions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."suppressions" ADD CONSTRAINT "suppressions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."outcomes" ADD CONSTRAINT "outcomes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."provider_endpoints" ADD CONSTRAINT "provider_endpoints_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suppression_events_entry_idx" ON "verify"."suppression_events" USING btree ("suppression_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppressions_live_value_unique" ON "verify"."suppressions" USING btree ("tenant_id","kind","value") WHERE "verify"."suppressions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "suppressions_live_mailbox_idx" ON "verify"."suppressions" USING btree ("tenant_id","mailbox") WHERE "verify"."suppressions"."deleted_at" is null and "verify"."suppressions"."mailbox" is not null;--> statement-breakpoint
CREATE INDEX "suppressions_tenant_id_idx" ON "verify"."suppressions" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "outcomes_dedupe_unique" ON "verify"."outcomes" USING btree ("tenant_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "outcomes_tenant_idx" ON "verify"."outcomes" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "outcomes_email_idx" ON "verify"."outcomes" USING btree ("tenant_id","email");