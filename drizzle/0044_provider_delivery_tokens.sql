CREATE TABLE "verify"."provider_delivery_tokens" (
	"endpoint_id" uuid NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_delivery_tokens_endpoint_id_token_pk" PRIMARY KEY("endpoint_id","token")
);
--> statement-breakpoint
ALTER TABLE "verify"."provider_delivery_tokens" ADD CONSTRAINT "provider_delivery_tokens_endpoint_id_provider_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "verify"."provider_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_delivery_tokens_expires_idx" ON "verify"."provider_delivery_tokens" USING btree ("expires_at");