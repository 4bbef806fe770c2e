ALTER TABLE "orders" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_token_key" ON "payment_methods" USING btree ("provider","token");