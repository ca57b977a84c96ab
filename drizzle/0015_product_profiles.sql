CREATE TABLE "launch"."product_profiles" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"profile" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "launch"."product_profiles" ADD CONSTRAINT "product_profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "launch"."workspaces"("id") ON DELETE cascade ON UPDATE no action;