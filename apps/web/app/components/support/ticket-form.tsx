import { SUPPORT_TOPICS, type SupportTicket } from '@ekran/contracts';
import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';

/** A field of a ticket's form that can be wrong, and the text key of what is wrong with it. */
export type TicketField = 'topic' | 'message' | 'email' | 'images' | 'form';
export type TicketErrorKey = 'topic' | 'message' | 'messageLong' | 'email' | 'notAnImage' | 'tooManyFiles' | 'fileTooLarge' | 'rateLimited' | 'session' | 'generic';
export type TicketErrors = Partial<Record<TicketField, TicketErrorKey>>;

/** The error text of a field, wired to its control for screen readers. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation();
  return error ? (
    <p className="field__error" id={`${id}-error`} role="alert">
      {t(`support.errors.${error}`)}
    </p>
  ) : null;
}
const described = (id: string, error: unknown, hint?: boolean) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
});

/** The files field of a ticket or a reply: up to 5 images, 10 MB each (the API re-encodes them). */
function ImagesField({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor="images">{t('support.form.images')}</label>
      <input id="images" name="images" type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif" multiple className="support-form__files" {...described('images', error, true)} />
      <p className="field__hint" id="images-hint">
        {t('support.form.imagesHint')}
      </p>
      <FieldError id="images" error={error} />
    </div>
  );
}

/**
 * The ticket form (/support/new, /contacts, /account/support): a topic from the fixed list, the message, an email for a
 * visitor without an account, images. It posts multipart/form-data to `action` (the page's own when absent), with
 * `intent` for a page whose action serves several forms.
 */
export function TicketForm({
  action, intent, errors = {}, values, askEmail, defaultTopic = '',
}: { action?: string; intent?: string; errors?: TicketErrors; values?: { topic: string; message: string; email: string }; askEmail: boolean; defaultTopic?: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="support-form" noValidate data-testid="ticket-form">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {errors.form ? (
        <p className="form-error" role="alert">
          {t(`support.errors.${errors.form}`)}
        </p>
      ) : null}
      <div className={`field${errors.topic ? ' field--error' : ''}`}>
        <label htmlFor="topic">{t('support.form.topic')}</label>
        <select id="topic" name="topic" defaultValue={values?.topic ?? defaultTopic} required className="support-form__select" {...described('topic', errors.topic)}>
          <option value="" disabled>
            {t('support.form.topicPlaceholder')}
          </option>
          {SUPPORT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`support.topics.${topic}`)}
            </option>
          ))}
        </select>
        <FieldError id="topic" error={errors.topic} />
      </div>
      <div className={`field${errors.message ? ' field--error' : ''}`}>
        <label htmlFor="message">{t('support.form.message')}</label>
        <textarea id="message" name="message" rows={6} maxLength={5000} required defaultValue={values?.message} className="support-form__text" {...described('message', errors.message, true)} />
        <p className="field__hint" id="message-hint">
          {t('support.form.messageHint')}
        </p>
        <FieldError id="message" error={errors.message} />
      </div>
      {askEmail ? (
        <div className={`field${errors.email ? ' field--error' : ''}`}>
          <label htmlFor="email">{t('support.form.email')}</label>
          <input id="email" name="email" type="email" autoComplete="email" required defaultValue={values?.email} {...described('email', errors.email, true)} />
          <p className="field__hint" id="email-hint">
            {t('support.form.emailHint')}
          </p>
          <FieldError id="email" error={errors.email} />
        </div>
      ) : (
        <p className="field__hint">{t('support.form.emailAccountHint')}</p>
      )}
      <ImagesField error={errors.images} />
      <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="ticket-submit">
        {busy ? t('support.form.sending') : t('support.form.submit')}
      </button>
    </Form>
  );
}

/** A reply in a thread: the message and images, posted to the thread's own page. */
export function ReplyForm({ errors = {}, message }: { errors?: TicketErrors; message?: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" encType="multipart/form-data" className="support-form support-form--reply" noValidate>
      <h2 className="support-thread__reply-title">{t('support.form.reply')}</h2>
      {errors.form ? (
        <p className="form-error" role="alert">
          {t(`support.errors.${errors.form}`)}
        </p>
      ) : null}
      <div className={`field${errors.message ? ' field--error' : ''}`}>
        <label htmlFor="message">{t('support.form.replyLabel')}</label>
        <textarea id="message" name="message" rows={4} maxLength={5000} required defaultValue={message} className="support-form__text" {...described('message', errors.message)} />
        <FieldError id="message" error={errors.message} />
      </div>
      <ImagesField error={errors.images} />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? t('support.form.sending') : t('support.form.replySubmit')}
      </button>
    </Form>
  );
}

/** A ticket's moments (a message, the last answer) as Moscow sees them: «12 ноября, 14:05». */
export const ticketTime = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/** A ticket's thread, oldest first; `imageUrl` gives the site's address of an attachment. */
export function Thread({ ticket, imageUrl }: { ticket: SupportTicket; imageUrl: (attachmentId: string) => string }) {
  const { t } = useTranslation();
  return (
    <ol className="support-thread" data-testid="ticket-thread">
      {ticket.messages.map((m) => (
        <li key={m.id} className={`support-thread__message support-thread__message--${m.author}`} data-author={m.author}>
          <p className="support-thread__meta">
            <strong>{m.author === 'staff' ? t('support.tickets.support') : t('support.tickets.you')}</strong>{' '}
            <time dateTime={m.created_at}>{ticketTime.format(new Date(m.created_at))}</time>
          </p>
          <p className="support-thread__body">{m.body}</p>
          {m.attachments.length ? (
            <ul className="support-thread__images">
              {m.attachments.map((a, i) => (
                <li key={a.id}>
                  <a href={imageUrl(a.id)} target="_blank" rel="noreferrer">
                    <img src={imageUrl(a.id)} width={a.width} height={a.height} alt={t('support.tickets.attachment', { n: i + 1 })} loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
