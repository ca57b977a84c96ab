CREATE TABLE "verify"."email_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"email" text NOT NULL,
	"is_reachable" text NOT NULL,
	"score" integer NOT NULL,
	"reason" text NOT NULL,
	"provider" text,
	"output" jsonb NOT NULL,
	"source" text NOT NULL,
	"job_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verify"."email_checks" ADD CONSTRAINT "email_checks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_checks_history_idx" ON "verify"."email_checks" USING btree ("tenant_id","email","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_checks_retention_idx" ON "verify"."email_checks" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "email_checks_job_idx" ON "verify"."email_checks" USING btree ("job_id") WHERE "verify"."email_checks"."job_id" is not null;