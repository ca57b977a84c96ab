CREATE TABLE "verify"."bulk_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verify"."bulk_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"sandbox" boolean NOT NULL,
	"options" jsonb NOT NULL,
	"finder" jsonb,
	"webhook_url" text,
	"submitted" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"skipped" integer NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"safe" integer DEFAULT 0 NOT NULL,
	"risky" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"unknown" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"dead_lettered" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"credits_period_start" timestamp with time zone,
	"credits_period_end" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify"."bulk_tasks" (
	"job_id" integer NOT NULL,
	"position" integer NOT NULL,
	"tenant_id" text NOT NULL,
	"email" text NOT NULL,
	"pattern" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" json,
	"is_reachable" text,
	"reason" text,
	"provider" text,
	"mx_host" text,
	"duration_ms" integer,
	"error" text,
	"next_attempt_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_tasks_job_id_position_pk" PRIMARY KEY("job_id","position")
);
--> statement-breakpoint
CREATE TABLE "verify"."job_events" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"job_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify"."webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"event_id" text NOT NULL,
	"job_id" integer NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "verify"."bulk_jobs" ADD CONSTRAINT "bulk_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."bulk_tasks" ADD CONSTRAINT "bulk_tasks_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "verify"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."bulk_tasks" ADD CONSTRAINT "bulk_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."job_events" ADD CONSTRAINT "job_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."job_events" ADD CONSTRAINT "job_events_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "verify"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_job_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "verify"."job_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_jobs_tenant_idx" ON "verify"."bulk_jobs" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "bulk_tasks_job_status_idx" ON "verify"."bulk_tasks" USING btree ("job_id","status");--> statement-breakpoint
CREATE INDEX "job_events_tenant_idx" ON "verify"."job_events" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "job_events_job_idx" ON "verify"."job_events" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "verify"."webhook_deliveries" USING btree ("status","next_attempt_at");