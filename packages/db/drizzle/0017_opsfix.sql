ALTER TABLE "operator_subscriptions" ADD COLUMN "tariff_id" uuid;--> statement-breakpoint
-- issue 6 opsfix: the operator's tariff (not on sale here: inactive, unlisted, its own channel). The operator sets
-- the price and bills it; max_streams is what its subscribers may play at once. Operator subscriptions made
-- before this migration are on it.
INSERT INTO "tariffs" ("alias", "title", "price", "currency", "duration_days", "weight", "allow_trial", "is_active", "is_listed", "max_streams", "channel")
VALUES ('megafon', 'Подписка через МегаФон', 0, 'RUB', 30, 0, false, false, false, 2, 'megafon')
ON CONFLICT ("alias") DO NOTHING;--> statement-breakpoint
UPDATE "operator_subscriptions" SET "tariff_id" = (SELECT "id" FROM "tariffs" WHERE "alias" = 'megafon') WHERE "tariff_id" IS NULL;--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ALTER COLUMN "tariff_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_of" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "surplus_refund" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "operator_no_app_seen_country" text;--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD CONSTRAINT "operator_subscriptions_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_surplus_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."surplus_refund" = 'pending';