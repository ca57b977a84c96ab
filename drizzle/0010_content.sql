CREATE TABLE "launch"."content_draft_revisions" (
	"draft_id" text NOT NULL,
	"revision" integer NOT NULL,
	"workspace_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"channel" text,
	"release_id" text,
	"campaign_id" text,
	"tags" text[] NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_draft_revisions_draft_id_revision_pk" PRIMARY KEY("draft_id","revision")
);
--> statement-breakpoint
CREATE TABLE "launch"."content_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"channel" text,
	"release_id" text,
	"campaign_id" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."assets" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"object_key" text NOT NULL,
	"sha256" text,
	"width" integer,
	"height" integer,
	"rejection_reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "launch"."post_visuals" ADD COLUMN "asset_id" text;--> statement-breakpoint
ALTER TABLE "launch"."content_draft_revisions" ADD CONSTRAINT "content_draft_revisions_draft_id_content_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "launch"."content_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."content_draft_revisions" ADD CONSTRAINT "content_draft_revisions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."content_drafts" ADD CONSTRAINT "content_drafts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."content_drafts" ADD CONSTRAINT "content_drafts_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "launch"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."content_drafts" ADD CONSTRAINT "content_drafts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "launch"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."assets" ADD CONSTRAINT "assets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_drafts_workspace_id_idx" ON "launch"."content_drafts" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "assets_workspace_id_idx" ON "launch"."assets" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_workspace_sha256_ready_unique" ON "launch"."assets" USING btree ("workspace_id","sha256") WHERE "launch"."assets"."status" = 'ready';--> statement-breakpoint
ALTER TABLE "launch"."post_visuals" ADD CONSTRAINT "post_visuals_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "launch"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_visuals_asset_idx" ON "launch"."post_visuals" USING btree ("asset_id");