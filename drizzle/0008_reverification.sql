CREATE TABLE "verify"."reverification_policies" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"verdicts" text[] NOT NULL,
	"older_than_days" integer NOT NULL,
	"every_days" integer NOT NULL,
	"max_addresses_per_run" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_job_id" integer,
	"last_run_due" integer,
	"last_run_queued" integer,
	"last_run_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verify"."reverification_policies" ADD CONSTRAINT "reverification_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."reverification_policies" ADD CONSTRAINT "reverification_policies_last_job_id_bulk_jobs_id_fk" FOREIGN KEY ("last_job_id") REFERENCES "verify"."bulk_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reverification_policies_due_idx" ON "verify"."reverification_policies" USING btree ("next_run_at") WHERE "verify"."reverification_policies"."enabled";