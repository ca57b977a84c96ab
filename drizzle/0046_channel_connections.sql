CREATE TABLE "launch"."channel_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"channel" text NOT NULL,
	"service_url" text NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"status_reason" text,
	"sealed_credentials" text,
	"credentials_key_id" text,
	"access_expires_at" timestamp with time zone,
	"connected_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."mastodon_apps" (
	"instance_url" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"client_id" text NOT NULL,
	"sealed_client_secret" text NOT NULL,
	"secret_key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch"."oauth_authorizations" (
	"state" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"channel" text NOT NULL,
	"service_url" text NOT NULL,
	"sealed_code_verifier" text NOT NULL,
	"verifier_key_id" text NOT NULL,
	"connection_id" text,
	"redirect_to" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "launch"."post_deliveries" ADD COLUMN "connection_id" text;--> statement-breakpoint
ALTER TABLE "launch"."post_deliveries" ADD COLUMN "previous_attempt_unknown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "launch"."channel_connections" ADD CONSTRAINT "channel_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch"."oauth_authorizations" ADD CONSTRAINT "oauth_authorizations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_connections_account_unique" ON "launch"."channel_connections" USING btree ("workspace_id","channel","account_id");--> statement-breakpoint
CREATE INDEX "channel_connections_workspace_idx" ON "launch"."channel_connections" USING btree ("workspace_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "mastodon_apps_instance_unique" ON "launch"."mastodon_apps" USING btree ("instance_url","redirect_uri");--> statement-breakpoint
CREATE INDEX "oauth_authorizations_expiry_idx" ON "launch"."oauth_authorizations" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "launch"."post_deliveries" ADD CONSTRAINT "post_deliveries_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "launch"."channel_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_deliveries_connection_idx" ON "launch"."post_deliveries" USING btree ("connection_id");