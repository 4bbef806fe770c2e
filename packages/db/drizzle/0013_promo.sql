CREATE TABLE "promo_activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'promo' NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"tariff_id" uuid,
	"grant_days" integer,
	"discount_tariff_id" uuid,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"max_activations" integer,
	"activations" integer DEFAULT 0 NOT NULL,
	"new_users_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_campaigns_alias_unique" UNIQUE("alias"),
	CONSTRAINT "promo_campaigns_kind_check" CHECK ("promo_campaigns"."kind" in ('promo', 'coupon', 'gift')),
	CONSTRAINT "promo_campaigns_grant_check" CHECK ("promo_campaigns"."grant_days" is null or "promo_campaigns"."grant_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"max_uses" integer DEFAULT 1,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."max_uses" is null or "promo_codes"."uses" <= "promo_codes"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "promo_activations" ADD CONSTRAINT "promo_activations_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_activations" ADD CONSTRAINT "promo_activations_campaign_id_promo_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promo_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_activations" ADD CONSTRAINT "promo_activations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_activations" ADD CONSTRAINT "promo_activations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_campaigns" ADD CONSTRAINT "promo_campaigns_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_campaigns" ADD CONSTRAINT "promo_campaigns_discount_tariff_id_tariffs_id_fk" FOREIGN KEY ("discount_tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_campaign_id_promo_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promo_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_activations_campaign_user_key" ON "promo_activations" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_activations_code_user_key" ON "promo_activations" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree (upper("code"));