CREATE TABLE "launch"."briefs" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"release_id" text NOT NULL,
	"release_content_hash" text NOT NULL,
	"brief" jsonb NOT NULL,
	"markdown" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."post_sources" (
	"post_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"brief_id" text,
	"sentences" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "launch"."briefs" ADD CONSTRAINT "briefs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."briefs" ADD CONSTRAINT "briefs_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "launch"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."post_sources" ADD CONSTRAINT "post_sources_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "launch"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."post_sources" ADD CONSTRAINT "post_sources_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."post_sources" ADD CONSTRAINT "post_sources_brief_id_briefs_id_fk" FOREIGN KEY ("brief_id") REFERENCES "launch"."briefs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "briefs_workspace_release_idx" ON "launch"."briefs" USING btree ("workspace_id","release_id","id");