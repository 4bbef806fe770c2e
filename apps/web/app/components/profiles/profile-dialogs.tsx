import type { Profile } from '@ekran/contracts';
import { ageCapForAge, ageInYears, isCapWithin, KIDS_AGE_CAPS, PENDING_PROFILE_STORAGE_KEY, type KidsAgeCap } from '@ekran/core';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useFetcher } from 'react-router';
import { INTERFACE_LANGUAGES } from '../../lib/i18n.ts';
import type { ProfileActionError, ProfileActionResult } from '../../lib/profile-actions.ts';
import { AvatarImage } from './avatar.tsx';
import { Modal } from '../ui/modal.tsx';
import { PinField } from './pin-field.tsx';
import { PROFILE_ACTION, useProfiles, type ProfileDialog } from './profiles-context.tsx';

/** The popup of the profile area that is open now, if any. */
export function ProfileDialogs() {
  const ui = useProfiles();
  const dialog = ui?.dialog;
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'who-watch':
      return <WhoWatchDialog />;
    case 'manage':
      return <ManageDialog />;
    case 'profile-form':
      return <ProfileFormDialog key={dialog.profileId ?? `new-${dialog.child}`} dialog={dialog} />;
    case 'limit':
      return <LimitDialog />;
    case 'child-prompt':
      return <ChildPromptDialog switchAfter={dialog.switchAfter ?? false} />;
    case 'parental':
      return <ParentalDialog key={`${dialog.type}-${dialog.profileId ?? ''}`} dialog={dialog} />;
  }
}

// ---------------------------------------------------------------- error texts

/** The text of a profile form error. */
export function profileErrorText(t: TFunction, error: ProfileActionError): string {
  if (error.field === 'name') return t('profiles.errors.name');
  if (error.field === 'birth_date') return t('profiles.errors.birthDate');
  if (error.field === 'avatar') return t('profiles.errors.avatar');
  const byCode: Record<string, string> = {
    PROFILE_LIMIT_REACHED: 'profiles.errors.limit',
    KIDS_PROFILE_RESTRICTED: 'profiles.errors.restricted',
    MAIN_PROFILE_UNDELETABLE: 'profiles.errors.mainProfile',
    NOT_FOUND: 'profiles.errors.notFound',
    REGISTRATION_REQUIRED: 'profiles.errors.registration',
  };
  return t(byCode[error.code] ?? 'profiles.errors.generic');
}

/** The text of a PIN error: tries left, the end of a lock, … (spec platform §4 Pin status). */
export function pinErrorText(t: TFunction, error: ProfileActionError, language: string): string {
  switch (error.code) {
    case 'PIN_FORMAT':
      return t('pin.errors.format');
    case 'PIN_INVALID':
      return t('pin.errors.invalid', { count: error.tries_left ?? 0 });
    case 'PIN_LOCKED': {
      const time = error.locked_until ? new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(error.locked_until)) : '';
      return t('pin.errors.locked', { time });
    }
    case 'PIN_REQUIRED':
      return t('pin.errors.required');
    case 'PIN_EXISTS':
      return t('pin.errors.exists');
    case 'PIN_NOT_SET':
      return t('pin.errors.notSet');
    case 'NO_CONTACT':
      return t('pin.errors.noContact');
    default:
      return profileErrorText(t, error);
  }
}

const failed = (data: ProfileActionResult | undefined) => (data && !data.ok ? data.error : null);

function FormError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div className="form-error" role="alert">
      <p>{text}</p>
    </div>
  );
}

// ---------------------------------------------------------------- «Кто смотрит?»

function WhoWatchDialog() {
  const { t } = useTranslation();
  const ui = useProfiles()!;
  return (
    <Modal title={t('profiles.whoWatch.title')} lead={t('profiles.whoWatch.lead')} onClose={ui.close} size="lg" testId="who-watch">
      <ul className="who-watch">
        {ui.shell.profiles.map((p) => (
          <li key={p._id}>
            <button
              type="button"
              className="who-watch__profile"
              onClick={() => (p._id === ui.shell.currentProfileId ? ui.close() : ui.switchTo({ id: p._id, child: p.child }))}
              disabled={ui.selectBusy}
            >
              <AvatarImage avatar={p.avatar} size={96} />
              <span className="who-watch__name">{p.name}</span>
              {p.child ? <span className="badge badge--kids">{t('profiles.menu.childBadge')}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <div className="modal__actions modal__actions--center">
        <button type="button" className="btn btn--ghost" onClick={() => ui.open({ kind: 'manage' })}>
          {t('profiles.whoWatch.manage')}
        </button>
      </div>
    </Modal>
  );
}

// ---------------------------------------------------------------- «Управление профилями»

function ManageDialog() {
  const { t } = useTranslation();
  const ui = useProfiles()!;
  const { shell } = ui;
  const children = shell.profiles.filter((p) => p.child).length;
  return (
    <Modal title={t('profiles.manage.title')} lead={t('profiles.manage.lead', { count: shell.profiles.length, max: shell.maxProfiles })} onClose={ui.close} testId="manage-profiles">
      <ul className="profile-list">
        {shell.profiles.map((p) => (
          <li key={p._id} className="profile-list__row">
            <AvatarImage avatar={p.avatar} size={48} />
            <span className="profile-list__name">
              {p.name}
              <span className="profile-list__tags">
                {p.is_main ? <span className="badge badge--muted">{t('profiles.manage.main')}</span> : null}
                {p.child ? <span className="badge badge--kids">{t('profiles.menu.childBadge')}{p.age_cap ? ` ${p.age_cap}` : ''}</span> : null}
                {p._id === shell.currentProfileId ? <span className="badge badge--muted">{t('profiles.manage.current')}</span> : null}
              </span>
            </span>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={t('profiles.manage.edit', { name: p.name })}
              onClick={() => ui.open({ kind: 'profile-form', child: p.child, profileId: p._id })}
            >
              <svg className="btn__icon" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <button type="button" className="btn btn--primary" onClick={() => ui.addProfile(false)} data-testid="add-profile">
          {t('profiles.manage.add')}
        </button>
        {children < 3 ? (
          <button type="button" className="btn btn--ghost" onClick={() => ui.addProfile(true)} data-testid="add-child-profile">
            {t('profiles.manage.addChild')}
          </button>
        ) : null}
      </div>
    </Modal>
  );
}

// ---------------------------------------------------------------- create / edit, the child form

function ProfileFormDialog({ dialog }: { dialog: Extract<ProfileDialog, { kind: 'profile-form' }> }) {
  const { t } = useTranslation();
  const ui = useProfiles()!;
  const fetcher = useFetcher<ProfileActionResult>();
  const profile: Profile | undefined = ui.shell.profiles.find((p) => p._id === dialog.profileId);
  const child = profile?.child ?? dialog.child;
  const avatars = ui.shell.avatars.filter((a) => a.child === child);
  const taken = new Set(ui.shell.profiles.map((p) => p.avatar.id));
  const [avatar, setAvatar] = useState(profile?.avatar.id ?? avatars.find((a) => !taken.has(a.id))?.id ?? avatars[0]?.id ?? '');
  const [ageCap, setAgeCap] = useState<KidsAgeCap>(profile?.age_cap ?? '0+');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = fetcher.state !== 'idle';
  const error = failed(fetcher.data);
  const today = new Date().toISOString().slice(0, 10);
  // A child profile may make child profiles only as young as itself (the server holds to it too).
  const ownCap = ui.shell.isChild ? ui.shell.profiles.find((p) => p._id === ui.shell.currentProfileId)?.age_cap : null;
  const caps = KIDS_AGE_CAPS.filter((cap) => !ownCap || isCapWithin(cap, ownCap));

  // A new child profile made during a child-profile switch continues the switch with it (platform §4);
  // the limit answer opens its popup; anything else that worked goes back to where the form came from.
  const done = fetcher.state === 'idle' && fetcher.data?.ok ? fetcher.data : null;
  const limitReached = fetcher.state === 'idle' && error?.code === 'PROFILE_LIMIT_REACHED';
  useEffect(() => {
    if (limitReached) return ui.open({ kind: 'limit' });
    if (!done) return;
    if (done.intent === 'create' && dialog.switchAfter && done.profile.child) {
      try {
        localStorage.setItem(PENDING_PROFILE_STORAGE_KEY, done.profile._id);
      } catch {
        // the switch below still has the profile
      }
      ui.switchTo({ id: done.profile._id, child: true });
    } else if (ui.shell.isChild) ui.close();
    else ui.open({ kind: 'manage' });
  }, [done, limitReached]); // eslint-disable-line react-hooks/exhaustive-deps -- ui changes with every shell update; only the answer matters

  const title = profile ? t(child ? 'profiles.childForm.editTitle' : 'profiles.form.editTitle') : t(child ? 'profiles.childForm.title' : 'profiles.form.createTitle');
  const onBirthDate = (value: string) => {
    // The cap follows the birth date until the parent picks one (spec: the child form's age cap).
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value > today) return;
    const suggested = ageCapForAge(Math.max(0, ageInYears(value, new Date())));
    setAgeCap(ownCap && !isCapWithin(suggested, ownCap) ? ownCap : suggested);
  };

  return (
    <Modal title={title} lead={child ? t('profiles.childForm.lead') : t('profiles.form.lead')} onClose={ui.close} testId={child ? 'child-form' : 'profile-form'}>
      <fetcher.Form method="post" action={PROFILE_ACTION} className="modal__form" noValidate>
        <input type="hidden" name="intent" value={profile ? 'update' : 'create'} />
        {profile ? <input type="hidden" name="id" value={profile._id} /> : null}
        <input type="hidden" name="child" value={String(child)} />
        <FormError text={error && error.field !== 'name' && error.field !== 'birth_date' && !limitReached ? profileErrorText(t, error) : null} />
        <div className={`field${error?.field === 'name' ? ' field--error' : ''}`}>
          <label htmlFor="profile-name">{child ? t('profiles.childForm.name') : t('profiles.form.name')}</label>
          <input
            id="profile-name"
            name="name"
            required
            maxLength={30}
            autoComplete="off"
            defaultValue={profile?.name}
            aria-invalid={error?.field === 'name' ? true : undefined}
            aria-describedby={error?.field === 'name' ? 'profile-name-error' : undefined}
          />
          {error?.field === 'name' ? (
            <p className="field__error" id="profile-name-error" role="alert">
              {profileErrorText(t, error)}
            </p>
          ) : null}
        </div>

        <fieldset className="avatar-picker">
          <legend>{t('profiles.form.avatar')}</legend>
          <div className="avatar-picker__grid">
            {avatars.map((a) => (
              <label key={a.id} className="avatar-picker__option">
                <input type="radio" name="avatar" value={a.id} checked={avatar === a.id} onChange={() => setAvatar(a.id)} aria-label={t('profiles.form.avatarOption', { id: a.id })} />
                <AvatarImage avatar={a} size={56} />
              </label>
            ))}
          </div>
        </fieldset>

        {child ? (
          <>
            <div className={`field${error?.field === 'birth_date' ? ' field--error' : ''}`}>
              <label htmlFor="profile-birth-date">{t('profiles.childForm.birthDate')}</label>
              <input
                id="profile-birth-date"
                name="birth_date"
                type="date"
                max={today}
                defaultValue={profile?.birth_date ?? ''}
                onChange={(e) => onBirthDate(e.target.value)}
                aria-describedby="profile-birth-date-note"
                aria-invalid={error?.field === 'birth_date' ? true : undefined}
              />
              {error?.field === 'birth_date' ? (
                <p className="field__error" id="profile-birth-date-note" role="alert">
                  {profileErrorText(t, error)}
                </p>
              ) : (
                <p className="field__hint" id="profile-birth-date-note">
                  {t('profiles.childForm.birthDateHint')}
                </p>
              )}
            </div>
            <fieldset className="age-caps">
              <legend>{t('profiles.childForm.age')}</legend>
              {caps.map((cap) => (
                <label key={cap} className="age-caps__option">
                  <input type="radio" name="age_cap" value={cap} checked={ageCap === cap} onChange={() => setAgeCap(cap)} />
                  <span>{t(`profiles.childForm.ages.${cap}`)}</span>
                </label>
              ))}
            </fieldset>
          </>
        ) : null}

        <div className="field">
          <label htmlFor="profile-language">{t('profiles.form.language')}</label>
          <select id="profile-language" name="language" className="select" defaultValue={profile?.language.interface ?? ''}>
            <option value="">{t('profiles.form.languageAccount')}</option>
            {INTERFACE_LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {t(`profiles.languages.${lng}`)}
              </option>
            ))}
          </select>
        </div>

        <div className="modal__actions">
          <button type="submit" className="btn btn--primary" disabled={busy} data-testid="profile-submit">
            {profile ? t('profiles.form.save') : t('profiles.form.create')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => (dialog.switchAfter || !profile ? ui.close() : ui.open({ kind: 'manage' }))}>
            {t('profiles.form.cancel')}
          </button>
        </div>
      </fetcher.Form>

      {profile && !profile.is_main ? (
        <div className="modal__danger">
          {confirmDelete ? (
            <fetcher.Form method="post" action={PROFILE_ACTION} className="modal__confirm">
              <p>{t('profiles.form.deleteConfirm', { name: profile.name })}</p>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={profile._id} />
              <div className="modal__actions">
                <button type="submit" className="btn btn--danger" disabled={busy} data-testid="profile-delete-confirm">
                  {t('profiles.form.deleteYes')}
                </button>
                <button type="button" className="btn btn--ghost" onClick={() => setConfirmDelete(false)}>
                  {t('profiles.form.cancel')}
                </button>
              </div>
            </fetcher.Form>
          ) : (
            <button type="button" className="btn btn--link-danger" onClick={() => setConfirmDelete(true)}>
              {t('profiles.form.delete')}
            </button>
          )}
        </div>
      ) : null}
    </Modal>
  );
}

// ---------------------------------------------------------------- «maximum number of profiles», the child prompt

function LimitDialog() {
  const { t } = useTranslation();
  const ui = useProfiles()!;
  return (
    <Modal title={t('profiles.limit.title')} lead={t('profiles.limit.text', { max: ui.shell.maxProfiles })} onClose={ui.close} size="sm" testId="profile-limit">
      <div className="modal__actions">
        <button type="button" className="btn btn--primary" onClick={ui.close}>
          {t('profiles.limit.ok')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => ui.open({ kind: 'manage' })}>
          {t('profiles.limit.manage')}
        </button>
      </div>
    </Modal>
  );
}

function ChildPromptDialog({ switchAfter }: { switchAfter: boolean }) {
  const { t } = useTranslation();
  const ui = useProfiles()!;
  return (
    <Modal title={t('profiles.childPrompt.title')} lead={t('profiles.childPrompt.text')} onClose={ui.close} size="sm" testId="child-prompt">
      <div className="child-prompt__art" aria-hidden="true">
        {ui.shell.avatars
          .filter((a) => a.child)
          .slice(0, 3)
          .map((a) => (
            <AvatarImage key={a.id} avatar={a} size={64} />
          ))}
      </div>
      <div className="modal__actions">
        <button type="button" className="btn btn--primary" onClick={() => ui.addProfile(true, switchAfter)} data-testid="child-prompt-create">
          {t('profiles.childPrompt.create')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={ui.close} data-testid="child-prompt-later">
          {t('profiles.childPrompt.later')}
        </button>
      </div>
    </Modal>
  );
}

// ---------------------------------------------------------------- parental control (PIN)

function ParentalDialog({ dialog }: { dialog: Extract<ProfileDialog, { kind: 'parental' }> }) {
  const { t, i18n } = useTranslation();
  const ui = useProfiles()!;
  const fetcher = useFetcher<ProfileActionResult>();
  const [submitted, setSubmitted] = useState(false);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const error = failed(result);
  const pinError = (field: string) => (error && error.field === field ? pinErrorText(t, error, i18n.language) : null);
  const formError = error && (!error.field || error.field === 'form') ? pinErrorText(t, error, i18n.language) : null;

  // The create popup of a switch continues it once the viewer made a PIN or skipped (platform §4).
  const created = result?.ok && (result.intent === 'pin-create' || result.intent === 'pin-skip');
  useEffect(() => {
    if (!created) return;
    if (dialog.continuesSwitch) ui.continuePendingSwitch();
    else ui.close();
  }, [created]); // eslint-disable-line react-hooks/exhaustive-deps -- only the answer matters

  const form = (intent: string, body: React.ReactNode, submit: string, extra?: React.ReactNode) => (
    <fetcher.Form method="post" action={PROFILE_ACTION} className="modal__form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <FormError text={formError} />
      {body}
      <div className="modal__actions">
        <button type="submit" className="btn btn--primary" disabled={busy} data-testid="pin-submit">
          {submit}
        </button>
        {extra}
      </div>
    </fetcher.Form>
  );

  switch (dialog.type) {
    case null:
      return (
        <Modal title={t('pin.createTitle')} lead={t('pin.createLead')} onClose={ui.close} size="sm" testId="parental-create">
          {form(
            'pin-create',
            <PinField name="pin" label={t('pin.label')} error={pinError('pin')} />,
            t('pin.save'),
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              onClick={() => void fetcher.submit({ intent: 'pin-skip' }, { method: 'post', action: PROFILE_ACTION })}
              data-testid="pin-skip"
            >
              {t('pin.skip')}
            </button>,
          )}
        </Modal>
      );
    case 'check': {
      const selectError = submitted && ui.selectError ? pinErrorText(t, ui.selectError, i18n.language) : null;
      return (
        <Modal title={t('pin.checkTitle')} lead={t('pin.checkLead')} onClose={ui.close} size="sm" dismissible={false} testId="parental-check">
          <form
            className="modal__form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setSubmitted(true);
              const pin = String(new FormData(e.currentTarget).get('pin') ?? '');
              ui.select(dialog.profileId!, pin);
            }}
          >
            <PinField name="pin" label={t('pin.label')} error={selectError} />
            <div className="modal__actions">
              <button type="submit" className="btn btn--primary" disabled={ui.selectBusy} data-testid="pin-submit">
                {t('pin.continue')}
              </button>
              <button type="button" className="btn btn--link" onClick={() => ui.open({ kind: 'parental', type: 'forgot', profileId: dialog.profileId })}>
                {t('pin.forgot')}
              </button>
            </div>
          </form>
        </Modal>
      );
    }
    case 'menu':
      return (
        <Modal title={t('pin.menuTitle')} lead={ui.shell.hasPin ? t('pin.menuOn') : t('pin.menuOff')} onClose={ui.close} size="sm" testId="parental-menu">
          <div className="modal__actions modal__actions--stack">
            {ui.shell.hasPin ? (
              <>
                <button type="button" className="btn btn--ghost" onClick={() => ui.open({ kind: 'parental', type: 'change' })}>
                  {t('pin.change')}
                </button>
                <button type="button" className="btn btn--ghost" onClick={() => ui.open({ kind: 'parental', type: 'remove' })}>
                  {t('pin.remove')}
                </button>
                <button type="button" className="btn btn--link" onClick={() => ui.open({ kind: 'parental', type: 'forgot' })}>
                  {t('pin.forgot')}
                </button>
              </>
            ) : (
              <button type="button" className="btn btn--primary" onClick={() => ui.open({ kind: 'parental', type: null })} data-testid="pin-set">
                {t('pin.set')}
              </button>
            )}
          </div>
        </Modal>
      );
    case 'change':
      return (
        <Modal title={t('pin.change')} onClose={ui.close} size="sm" testId="parental-change">
          {result?.ok ? (
            <Done text={t('pin.changed')} onClose={ui.close} />
          ) : (
            form(
              'pin-change',
              <>
                <PinField name="old_pin" label={t('pin.oldPin')} error={pinError('old_pin')} />
                <PinField name="new_pin" label={t('pin.newPin')} error={pinError('new_pin')} />
              </>,
              t('pin.save'),
            )
          )}
        </Modal>
      );
    case 'remove':
      return (
        <Modal title={t('pin.remove')} lead={result?.ok ? undefined : t('pin.removeLead')} onClose={ui.close} size="sm" testId="parental-remove">
          {result?.ok ? <Done text={t('pin.removed')} onClose={ui.close} /> : form('pin-remove', <PinField name="pin" label={t('pin.label')} error={pinError('pin')} />, t('pin.remove'))}
        </Modal>
      );
    case 'forgot': {
      const back = () => ui.open(dialog.profileId ? { kind: 'parental', type: 'check', profileId: dialog.profileId } : { kind: 'parental', type: 'menu' });
      return (
        <Modal title={t('pin.forgot')} lead={result?.ok ? undefined : t('pin.forgotLead')} onClose={ui.close} size="sm" testId="parental-forgot">
          {result?.ok && result.intent === 'pin-forgot' ? (
            <Done text={t('pin.sent', { destination: result.destination })} onClose={back} action={t('pin.back')} />
          ) : (
            form(
              'pin-forgot',
              null,
              t('pin.send'),
              <button type="button" className="btn btn--ghost" onClick={back}>
                {t('pin.back')}
              </button>,
            )
          )}
        </Modal>
      );
    }
  }
}

function Done({ text, onClose, action }: { text: string; onClose: () => void; action?: string }) {
  const { t } = useTranslation();
  return (
    <div className="modal__done">
      <p role="status">{text}</p>
      <div className="modal__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {action ?? t('pin.done')}
        </button>
      </div>
    </div>
  );
}
