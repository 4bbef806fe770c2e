import { BANNER_ACTION_TYPES, BANNER_LOCATIONS, BANNER_TYPES, isInternalUrl } from '@ekran/core';
import { z } from 'zod';
import { ImageSchema, QueryBooleanSchema } from './common.ts';

// Banners: spec platform §3 Banner, §7 posters by location.

export const BannerLocationSchema = z.enum(BANNER_LOCATIONS);
export type BannerLocation = z.infer<typeof BannerLocationSchema>;
export const BannerTypeSchema = z.enum(BANNER_TYPES);

/** spec platform §3 Banner action: type, alias, url, target_id, trailer_id, child. */
export const BannerActionSchema = z
  .object({
    type: z.enum(BANNER_ACTION_TYPES),
    alias: z.string().nullable(),
    url: z.string().refine(isInternalUrl, 'an internal URL').nullable(),
    target_id: z.string().nullable(),
    trailer_id: z.string().nullable(),
    child: z.boolean(),
  })
  .meta({ id: 'BannerAction' });
export type BannerAction = z.infer<typeof BannerActionSchema>;

/**
 * spec platform §3 Banner: type, actions[], images (web_mobile, web_desktop, image_narrow), is_narrow. The
 * images are generated art the API renders: web_desktop at 1326x310 (platform §9), web_mobile for phones and
 * image_narrow, the narrow picture a narrow banner shows beside its text on wide screens.
 */
export const BannerSchema = z
  .object({
    id: z.string(),
    alias: z.string(),
    type: BannerTypeSchema,
    title: z.string(),
    description: z.string(),
    actions: z.array(BannerActionSchema),
    images: z.object({ web_desktop: ImageSchema, web_mobile: ImageSchema, image_narrow: ImageSchema }),
    is_narrow: z.boolean(),
    for_kids: z.boolean(),
    /** What the banner is about: a title's, collection's, playlist's, channel's or selection's alias. */
    target_alias: z.string().nullable(),
    /** A link banner's internal URL. */
    target_url: z.string().nullable(),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof BannerSchema>;

/** spec platform §7 GET posters by location; catalogue §7: query for_kids, device_type. */
export const PostersQuerySchema = z.object({
  for_kids: QueryBooleanSchema.default(false),
  device_type: z.enum(['web', 'android', 'ios', 'smarttv']).default('web'),
});
export type PostersQuery = z.infer<typeof PostersQuerySchema>;
export const PostersParamsSchema = z.object({ location: BannerLocationSchema });
export const BannerListSchema = z.object({ items: z.array(BannerSchema) }).meta({ id: 'BannerList' });
export type BannerList = z.infer<typeof BannerListSchema>;

