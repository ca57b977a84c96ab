CREATE TABLE "launch"."link_previews" (
	"workspace_id" text NOT NULL,
	"normalized_url" text NOT NULL,
	"preview" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "link_previews_workspace_id_normalized_url_pk" PRIMARY KEY("workspace_id","normalized_url")
);
--> statement-breakpoint
ALTER TABLE "launch"."link_previews" ADD CONSTRAINT "link_previews_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;