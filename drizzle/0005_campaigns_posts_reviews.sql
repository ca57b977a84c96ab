CREATE TABLE "launch"."campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"release_id" text,
	"name" text NOT NULL,
	"objective" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."post_visuals" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"post_id" text NOT NULL,
	"url" text NOT NULL,
	"alt_text" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."posts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"variant_of" text,
	"channel" text NOT NULL,
	"copy" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content_fingerprint" text NOT NULL,
	"approved_fingerprint" text,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."post_decisions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"post_id" text NOT NULL,
	"decision" text NOT NULL,
	"content_fingerprint" text NOT NULL,
	"note" text,
	"decided_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."review_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"post_ids" text[] NOT NULL,
	"note" text,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."audit_events" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"post_id" text,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."post_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"post_id" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"external_id" text,
	"external_url" text,
	"published_at" timestamp with time zone,
	"scheduled_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."publishing_endpoints" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "launch"."campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."campaigns" ADD CONSTRAINT "campaigns_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "launch"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."post_visuals" ADD CONSTRAINT "post_visuals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."post_visuals" ADD CONSTRAINT "post_visuals_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "launch"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."posts" ADD CONSTRAINT "posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."posts" ADD CONSTRAINT "posts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "launch"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."posts" ADD CONSTRAINT "posts_variant_of_posts_id_fk" FOREIGN KEY ("variant_of") REFERENCES "launch"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."post_decisions" ADD CONSTRAINT "post_decisions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."post_decisions" ADD CONSTRAINT "post_decisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "launch"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."review_requests" ADD CONSTRAINT "review_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."review_requests" ADD CONSTRAINT "review_requests_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "launch"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."audit_events" ADD CONSTRAINT "audit_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."post_deliveries" ADD CONSTRAINT "post_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."post_deliveries" ADD CONSTRAINT "post_deliveries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "launch"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."publishing_endpoints" ADD CONSTRAINT "publishing_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_workspace_id_idx" ON "launch"."campaigns" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "post_visuals_post_idx" ON "launch"."post_visuals" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_campaign_idx" ON "launch"."posts" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "posts_workspace_status_idx" ON "launch"."posts" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "post_decisions_post_idx" ON "launch"."post_decisions" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "audit_events_campaign_idx" ON "launch"."audit_events" USING btree ("workspace_id","campaign_id","id");--> statement-breakpoint
CREATE INDEX "post_deliveries_due_idx" ON "launch"."post_deliveries" USING btree ("status","scheduled_for");--> statement-breakpoint
CREATE INDEX "post_deliveries_post_idx" ON "launch"."post_deliveries" USING btree ("post_id");