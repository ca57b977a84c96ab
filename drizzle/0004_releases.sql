CREATE TABLE "launch"."releases" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"url" text,
	"published_at" timestamp with time zone,
	"prerelease" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'api' NOT NULL,
	"content_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_workspace_version_unique" UNIQUE("workspace_id","version")
);
--> statement-breakpoint
ALTER TABLE "launch"."releases" ADD CONSTRAINT "releases_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "releases_workspace_id_idx" ON "launch"."releases" USING btree ("workspace_id","id");