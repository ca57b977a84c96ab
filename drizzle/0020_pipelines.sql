CREATE TABLE "verify"."pipeline_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"pipeline_id" bigint NOT NULL,
	"run_id" bigint NOT NULL,
	"tenant_id" text NOT NULL,
	"url" text NOT NULL,
	"rows" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify"."pipeline_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verify"."pipeline_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pipeline_id" bigint NOT NULL,
	"tenant_id" text NOT NULL,
	"push_key" text NOT NULL,
	"push_index" integer NOT NULL,
	"source_key" text,
	"data" jsonb NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"run_id" bigint,
	"job_id" integer,
	"position" integer,
	"delivery_id" text,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verify"."pipeline_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verify"."pipeline_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pipeline_id" bigint NOT NULL,
	"tenant_id" text NOT NULL,
	"job_id" integer,
	"trigger" text NOT NULL,
	"rows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify"."pipelines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verify"."pipelines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"email_column" text NOT NULL,
	"source_key" text,
	"options" jsonb NOT NULL,
	"batch_max_rows" integer NOT NULL,
	"batch_max_wait_seconds" integer,
	"schedule_every_minutes" integer,
	"next_scheduled_at" timestamp with time zone,
	"webhook_url" text,
	"suppressed_policy" text DEFAULT 'flag' NOT NULL,
	"rows_pushed" bigint DEFAULT 0 NOT NULL,
	"last_push_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verify"."pipeline_deliveries" ADD CONSTRAINT "pipeline_deliveries_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "verify"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."pipeline_deliveries" ADD CONSTRAINT "pipeline_deliveries_run_id_pipeline_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "verify"."pipeline_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."pipeline_rows" ADD CONSTRAINT "pipeline_rows_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "verify"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."pipeline_rows" ADD CONSTRAINT "pipeline_rows_run_id_pipeline_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "verify"."pipeline_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."pipeline_runs" ADD CONSTRAINT "pipeline_runs_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "verify"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."pipeline_runs" ADD CONSTRAINT "pipeline_runs_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "verify"."bulk_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."pipelines" ADD CONSTRAINT "pipelines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipeline_deliveries_run_idx" ON "verify"."pipeline_deliveries" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "pipeline_deliveries_due_idx" ON "verify"."pipeline_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "pipeline_rows_waiting_idx" ON "verify"."pipeline_rows" USING btree ("pipeline_id","id") WHERE "verify"."pipeline_rows"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "pipeline_rows_run_idx" ON "verify"."pipeline_rows" USING btree ("run_id","status");--> statement-breakpoint
CREATE INDEX "pipeline_runs_pipeline_idx" ON "verify"."pipeline_runs" USING btree ("pipeline_id","id");--> statement-breakpoint
CREATE INDEX "pipeline_runs_job_idx" ON "verify"."pipeline_runs" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "pipelines_tenant_idx" ON "verify"."pipelines" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "pipelines_schedule_idx" ON "verify"."pipelines" USING btree ("next_scheduled_at") WHERE "verify"."pipelines"."next_scheduled_at" is not null;