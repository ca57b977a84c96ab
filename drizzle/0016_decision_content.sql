ALTER TABLE "launch"."post_decisions" ADD COLUMN "copy" text;--> statement-breakpoint
ALTER TABLE "launch"."post_decisions" ADD COLUMN "visuals" jsonb;