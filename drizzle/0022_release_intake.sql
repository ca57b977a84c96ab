CREATE TABLE "launch"."intake_deliveries" (
	"source_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_deliveries_source_id_delivery_id_pk" PRIMARY KEY("source_id","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "launch"."intake_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"source_id" text,
	"source_kind" text NOT NULL,
	"external_id" text NOT NULL,
	"url" text,
	"entry_hash" text NOT NULL,
	"content_hash" text NOT NULL,
	"external_updated_at" timestamp with time zone,
	"release_id" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_entries_source_external_unique" UNIQUE("source_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "launch"."intake_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"repository" text,
	"status" text DEFAULT 'active' NOT NULL,
	"poll_interval_minutes" integer NOT NULL,
	"backfill" integer NOT NULL,
	"webhook_secret" text,
	"token" text,
	"etag" text,
	"last_modified" text,
	"last_checked_at" timestamp with time zone,
	"last_changed_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"last_delivery_at" timestamp with time zone,
	"releases_created" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_sources_workspace_kind_url_unique" UNIQUE("workspace_id","kind","url")
);
--> statement-breakpoint
ALTER TABLE "launch"."releases" DROP CONSTRAINT "releases_workspace_version_unique";--> statement-breakpoint
ALTER TABLE "launch"."releases" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "launch"."releases" ADD COLUMN "previous_revision_id" text;--> statement-breakpoint
ALTER TABLE "launch"."intake_deliveries" ADD CONSTRAINT "intake_deliveries_source_id_intake_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "launch"."intake_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."intake_entries" ADD CONSTRAINT "intake_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."intake_entries" ADD CONSTRAINT "intake_entries_source_id_intake_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "launch"."intake_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."intake_entries" ADD CONSTRAINT "intake_entries_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "launch"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."intake_sources" ADD CONSTRAINT "intake_sources_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_entries_workspace_content_idx" ON "launch"."intake_entries" USING btree ("workspace_id","content_hash");--> statement-breakpoint
CREATE INDEX "intake_entries_release_idx" ON "launch"."intake_entries" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "intake_sources_workspace_id_idx" ON "launch"."intake_sources" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "intake_sources_due_idx" ON "launch"."intake_sources" USING btree ("status","next_check_at");--> statement-breakpoint
ALTER TABLE "launch"."releases" ADD CONSTRAINT "releases_previous_revision_id_releases_id_fk" FOREIGN KEY ("previous_revision_id") REFERENCES "launch"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."releases" ADD CONSTRAINT "releases_workspace_version_revision_unique" UNIQUE("workspace_id","version","revision");