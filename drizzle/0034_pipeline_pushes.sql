CREATE TABLE "verify"."pipeline_pushes" (
	"pipeline_id" bigint NOT NULL,
	"push_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"answer" jsonb NOT NULL,
	"pushed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pipeline_pushes_pipeline_id_push_key_pk" PRIMARY KEY("pipeline_id","push_key")
);
--> statement-breakpoint
DROP INDEX "verify"."pipeline_rows_push_idx";--> statement-breakpoint
ALTER TABLE "verify"."pipeline_pushes" ADD CONSTRAINT "pipeline_pushes_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "verify"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipeline_pushes_pushed_at_idx" ON "verify"."pipeline_pushes" USING btree ("pushed_at");