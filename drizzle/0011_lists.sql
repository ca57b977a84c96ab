CREATE TABLE "verify"."comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verify"."comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" text NOT NULL,
	"list_id" integer,
	"job_id" integer,
	"body" text NOT NULL,
	"author" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify"."list_export_rows" (
	"export_id" text NOT NULL,
	"row_number" integer NOT NULL,
	CONSTRAINT "list_export_rows_export_id_row_number_pk" PRIMARY KEY("export_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "verify"."list_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"tenant_id" text NOT NULL,
	"groups" jsonb NOT NULL,
	"status" text DEFAULT 'building' NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_scanned" integer DEFAULT 0 NOT NULL,
	"rows_selected" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verify"."list_jobs" (
	"list_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"chunk" integer NOT NULL,
	CONSTRAINT "list_jobs_list_id_job_id_pk" PRIMARY KEY("list_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "verify"."list_remediation_plans" (
	"list_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"plan" jsonb NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify"."list_rows" (
	"list_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"tenant_id" text NOT NULL,
	"line" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"email" text NOT NULL,
	"email_key" text,
	"syntax_error" text,
	"duplicate_of" integer,
	"job_id" integer,
	"position" integer,
	CONSTRAINT "list_rows_list_id_row_number_pk" PRIMARY KEY("list_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "verify"."lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verify"."lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"source_key" text,
	"status" text DEFAULT 'importing' NOT NULL,
	"sandbox" boolean NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email_column" text,
	"rows" integer DEFAULT 0 NOT NULL,
	"addresses" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"syntax_errors" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"request_fingerprint" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verify"."comments" ADD CONSTRAINT "comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."comments" ADD CONSTRAINT "comments_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "verify"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."comments" ADD CONSTRAINT "comments_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "verify"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."list_export_rows" ADD CONSTRAINT "list_export_rows_export_id_list_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "verify"."list_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."list_exports" ADD CONSTRAINT "list_exports_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "verify"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."list_jobs" ADD CONSTRAINT "list_jobs_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "verify"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."list_jobs" ADD CONSTRAINT "list_jobs_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "verify"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."list_remediation_plans" ADD CONSTRAINT "list_remediation_plans_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "verify"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."list_rows" ADD CONSTRAINT "list_rows_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "verify"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."list_rows" ADD CONSTRAINT "list_rows_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "verify"."bulk_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify"."lists" ADD CONSTRAINT "lists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "verify"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_list_idx" ON "verify"."comments" USING btree ("tenant_id","list_id","id");--> statement-breakpoint
CREATE INDEX "comments_job_idx" ON "verify"."comments" USING btree ("tenant_id","job_id","id");--> statement-breakpoint
CREATE INDEX "list_exports_list_idx" ON "verify"."list_exports" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "list_rows_key_idx" ON "verify"."list_rows" USING btree ("list_id","email_key");--> statement-breakpoint
CREATE INDEX "lists_tenant_idx" ON "verify"."lists" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lists_idempotency_idx" ON "verify"."lists" USING btree ("tenant_id","idempotency_key") WHERE "verify"."lists"."idempotency_key" is not null;