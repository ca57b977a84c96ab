CREATE TABLE "launch"."onboarding_pages" (
	"run_id" text NOT NULL,
	"seq" integer NOT NULL,
	"workspace_id" text NOT NULL,
	"url" text NOT NULL,
	"resource" text DEFAULT 'page' NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"detail" text,
	"http_status" integer,
	"bytes" integer,
	"truncated" boolean DEFAULT false NOT NULL,
	"depth" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_pages_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "launch"."onboarding_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"max_pages" integer NOT NULL,
	"overwrite" boolean DEFAULT false NOT NULL,
	"pages_visited" integer DEFAULT 0 NOT NULL,
	"pages_skipped" integer DEFAULT 0 NOT NULL,
	"pages_queued" integer DEFAULT 0 NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"stop_reason" text,
	"found" jsonb,
	"applied_fields" text[] DEFAULT '{}' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "launch"."onboarding_pages" ADD CONSTRAINT "onboarding_pages_run_id_onboarding_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "launch"."onboarding_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."onboarding_pages" ADD CONSTRAINT "onboarding_pages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."onboarding_runs" ADD CONSTRAINT "onboarding_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_runs_workspace_id_idx" ON "launch"."onboarding_runs" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "onboarding_runs_status_idx" ON "launch"."onboarding_runs" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_runs_one_active_idx" ON "launch"."onboarding_runs" USING btree ("workspace_id") WHERE "launch"."onboarding_runs"."status" in ('queued', 'running');