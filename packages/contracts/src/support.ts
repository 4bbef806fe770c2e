import { z } from 'zod';

// The help centre and support tickets: spec platform §1 (support articles and tickets), §2 (/support/{type?}, /faq,
// /contacts, /account/support), §3 (client state: support tickets, categories, sections, articles, messages), §7
// (the support path). docs/decisions/051-help-centre-and-tickets.md

/** Error codes of the support calls; the site shows each as its own Russian text. */
export const SupportErrorCode = {
  /** 400: a file of the form is not an image sharp can read («Файл не похож на изображение»). */
  NotAnImage: 'SUPPORT_NOT_AN_IMAGE',
  /** 400: more images than a message may carry («Не больше 5 изображений»). */
  TooManyFiles: 'SUPPORT_TOO_MANY_FILES',
  /** 413: an image over the size limit («Файл больше 10 МБ»). */
  FileTooLarge: 'SUPPORT_FILE_TOO_LARGE',
  /** 400: the form is not multipart/form-data, or a field is missing or malformed (details name it). */
  BadForm: 'SUPPORT_BAD_FORM',
} as const;

/** How many images one message may carry. */
export const SUPPORT_MAX_FILES = 5;
/** The largest image a viewer may attach, in bytes (10 MB). */
export const SUPPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The longest message. */
export const SUPPORT_MESSAGE_MAX = 5000;

/** The fixed topics of a ticket (the form's list; support sorts by them). */
export const SUPPORT_TOPICS = ['account', 'payment', 'playback', 'devices', 'kids', 'tv', 'promo', 'other'] as const;
export const SupportTopicSchema = z.enum(SUPPORT_TOPICS).meta({ id: 'SupportTopic' });
export type SupportTopic = z.infer<typeof SupportTopicSchema>;

export const SupportTicketStatusSchema = z.enum(['open', 'answered', 'closed']).meta({ id: 'SupportTicketStatus' });
export type SupportTicketStatus = z.infer<typeof SupportTicketStatusSchema>;

// ---------------------------------------------------------------- the help centre

/** An article in a list: search results, a category, popular questions. */
export const SupportArticleCardSchema = z
  .object({
    alias: z.string(),
    title: z.string(),
    summary: z.string(),
    section: z.object({ alias: z.string(), title: z.string() }),
    /** The article's page on the site: /support/{section}/{alias}. */
    url: z.string(),
  })
  .meta({ id: 'SupportArticleCard' });
export type SupportArticleCard = z.infer<typeof SupportArticleCardSchema>;

/** GET /api/v1/support: the sections and the popular questions of the help centre's home. */
export const SupportHomeSchema = z
  .object({
    sections: z.array(z.object({ alias: z.string(), title: z.string(), description: z.string(), articles_total: z.number().int() })),
    popular: z.array(SupportArticleCardSchema),
  })
  .meta({ id: 'SupportHome' });
export type SupportHome = z.infer<typeof SupportHomeSchema>;

/** GET /api/v1/support/sections/{section}: a section with its categories and their articles. */
export const SupportSectionSchema = z
  .object({
    alias: z.string(),
    title: z.string(),
    description: z.string(),
    categories: z.array(z.object({ alias: z.string(), title: z.string(), articles: z.array(SupportArticleCardSchema) })),
  })
  .meta({ id: 'SupportSection' });
export type SupportSection = z.infer<typeof SupportSectionSchema>;

/** GET /api/v1/support/articles/{alias}: an article, its body as sanitised HTML. */
export const SupportArticleSchema = z
  .object({
    alias: z.string(),
    title: z.string(),
    summary: z.string(),
    html: z.string(),
    section: z.object({ alias: z.string(), title: z.string() }),
    category: z.object({ alias: z.string(), title: z.string() }),
    updated_at: z.string(),
    helpful_count: z.number().int(),
    unhelpful_count: z.number().int(),
    /** Other articles of its category. */
    related: z.array(SupportArticleCardSchema),
  })
  .meta({ id: 'SupportArticle' });
export type SupportArticle = z.infer<typeof SupportArticleSchema>;

export const SupportSearchQuerySchema = z.object({
  q: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(30).default(20),
});
export type SupportSearchQuery = z.infer<typeof SupportSearchQuerySchema>;

/** GET /api/v1/support/search: articles matching the query (ё/е, case and a small typo forgiven). */
export const SupportSearchResponseSchema = z
  .object({ query: z.string(), items: z.array(SupportArticleCardSchema), items_total: z.number().int() })
  .meta({ id: 'SupportSearchResponse' });
export type SupportSearchResponse = z.infer<typeof SupportSearchResponseSchema>;

/** GET /api/v1/support/faq: the articles marked as FAQ, by section, with their answers. */
export const SupportFaqSchema = z
  .object({
    sections: z.array(
      z.object({
        alias: z.string(),
        title: z.string(),
        items: z.array(z.object({ alias: z.string(), question: z.string(), html: z.string(), url: z.string() })),
      }),
    ),
  })
  .meta({ id: 'SupportFaq' });
export type SupportFaq = z.infer<typeof SupportFaqSchema>;

/** «Был ли ответ полезен?»: yes or no; a second vote of the same visitor replaces the first. */
export const SupportFeedbackRequestSchema = z.object({ helpful: z.boolean() }).meta({ id: 'SupportFeedbackRequest' });
export type SupportFeedbackRequest = z.infer<typeof SupportFeedbackRequestSchema>;
export const SupportFeedbackResponseSchema = z
  .object({ helpful_count: z.number().int(), unhelpful_count: z.number().int(), helpful: z.boolean() })
  .meta({ id: 'SupportFeedbackResponse' });
export type SupportFeedbackResponse = z.infer<typeof SupportFeedbackResponseSchema>;

// ---------------------------------------------------------------- tickets

/**
 * The fields of a new ticket (multipart/form-data with up to SUPPORT_MAX_FILES `images` parts). `email` is required of
 * a visitor without an account (the answer goes there with a private link); an account's answers go to its email.
 */
export const SupportTicketFieldsSchema = z.object({
  topic: SupportTopicSchema,
  message: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX),
  email: z.email().max(254).optional(),
});
export type SupportTicketFields = z.infer<typeof SupportTicketFieldsSchema>;

/** The fields of a reply in a thread (multipart/form-data, with `images` parts like a new ticket). */
export const SupportMessageFieldsSchema = z.object({ message: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX) });

export const SupportAttachmentSchema = z.object({ id: z.uuid(), width: z.number().int(), height: z.number().int(), content_type: z.string() });
export type SupportAttachment = z.infer<typeof SupportAttachmentSchema>;

export const SupportMessageSchema = z
  .object({
    id: z.uuid(),
    author: z.enum(['viewer', 'staff']),
    body: z.string(),
    created_at: z.string(),
    attachments: z.array(SupportAttachmentSchema),
  })
  .meta({ id: 'SupportMessage' });
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportTicketSummarySchema = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    topic: SupportTopicSchema,
    subject: z.string(),
    status: SupportTicketStatusSchema,
    created_at: z.string(),
    last_message_at: z.string(),
    /** Support answered after the viewer last read the thread. */
    unread: z.boolean(),
  })
  .meta({ id: 'SupportTicketSummary' });
export type SupportTicketSummary = z.infer<typeof SupportTicketSummarySchema>;

export const SupportTicketListSchema = z
  .object({ items: z.array(SupportTicketSummarySchema), unread_total: z.number().int() })
  .meta({ id: 'SupportTicketList' });
export type SupportTicketList = z.infer<typeof SupportTicketListSchema>;

export const SupportTicketSchema = SupportTicketSummarySchema.extend({ messages: z.array(SupportMessageSchema) }).meta({ id: 'SupportTicket' });
export type SupportTicket = z.infer<typeof SupportTicketSchema>;

/** A new ticket: an account's, or a guest's (the private link went to the email). */
export const SupportTicketCreatedSchema = z
  .object({ ticket: SupportTicketSummarySchema, guest: z.boolean() })
  .meta({ id: 'SupportTicketCreated' });
export type SupportTicketCreated = z.infer<typeof SupportTicketCreatedSchema>;

// ---- staff

export const SupportStaffListQuerySchema = z.object({
  status: SupportTicketStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SupportStaffListQuery = z.infer<typeof SupportStaffListQuerySchema>;

/** A ticket as support sees it: whose it is and where its letters go. */
export const SupportStaffTicketSummarySchema = SupportTicketSummarySchema.omit({ unread: true })
  .extend({ user_id: z.uuid().nullable(), email: z.string().nullable(), guest: z.boolean() })
  .meta({ id: 'SupportStaffTicketSummary' });
export const SupportStaffTicketListSchema = z.object({ items: z.array(SupportStaffTicketSummarySchema) }).meta({ id: 'SupportStaffTicketList' });
export type SupportStaffTicketList = z.infer<typeof SupportStaffTicketListSchema>;
export const SupportStaffTicketSchema = SupportStaffTicketSummarySchema.extend({ messages: z.array(SupportMessageSchema) }).meta({ id: 'SupportStaffTicket' });
export type SupportStaffTicket = z.infer<typeof SupportStaffTicketSchema>;

export const SupportStaffAnswerRequestSchema = z.object({ message: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX) }).meta({ id: 'SupportStaffAnswerRequest' });
export type SupportStaffAnswerRequest = z.infer<typeof SupportStaffAnswerRequestSchema>;

/** Development only: the caller's account gets the support role, and the staff client's key to call staff routes with. */
export const SupportDevStaffSchema = z.object({ api_key: z.string(), user_id: z.uuid() }).meta({ id: 'SupportDevStaff' });
