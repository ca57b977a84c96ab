CREATE TABLE "launch"."usage_counters" (
	"workspace_id" text NOT NULL,
	"quota" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_workspace_id_quota_period_start_pk" PRIMARY KEY("workspace_id","quota","period_start")
);
--> statement-breakpoint
CREATE TABLE "verify"."usage_counters" (
	"tenant_id" text NOT NULL,
	"quota" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_tenant_id_quota_period_start_pk" PRIMARY KEY("tenant_id","quota","period_start")
);
--> statement-breakpoint
ALTER TABLE "launch"."sessions" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "launch"."usage_counters" ADD CONSTRAINT "usage_counters_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."usage_counters" ADD CONSTRAINT "usage_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."sessions" ADD CONSTRAINT "sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;