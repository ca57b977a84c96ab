CREATE TABLE "launch"."invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "launch"."audit_events" ADD COLUMN "subject_type" text;--> statement-breakpoint
ALTER TABLE "launch"."audit_events" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "launch"."invitations" ADD CONSTRAINT "invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_workspace_idx" ON "launch"."invitations" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_unique" ON "launch"."invitations" USING btree ("workspace_id","email") WHERE "launch"."invitations"."accepted_at" IS NULL AND "launch"."invitations"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "audit_events_settings_idx" ON "launch"."audit_events" USING btree ("workspace_id","subject_type","id");