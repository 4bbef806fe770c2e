// What the profile dialogs post to /profiles/action and what it answers (the action and the dialogs share it).

/** What the profile dialogs post to /profiles/action, by intent. */
export const PROFILE_INTENTS = ['select', 'create', 'update', 'delete', 'pin-create', 'pin-check', 'pin-change', 'pin-remove', 'pin-skip', 'pin-forgot'] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

/** An error a dialog shows: the API code, the field it concerns, and the PIN's tries left or lock end. */
export interface ProfileActionError {
  code: string;
  field?: 'name' | 'birth_date' | 'avatar' | 'pin' | 'old_pin' | 'new_pin' | 'form';
  tries_left?: number;
  locked_until?: string;
}

export type ProfileActionResult =
  | { ok: true; intent: 'select'; selected: { profile_id: string; child: boolean; language: string } }
  | { ok: true; intent: 'create' | 'update'; profile: { _id: string; child: boolean; name: string } }
  | { ok: true; intent: 'pin-forgot'; channel: 'email' | 'sms'; destination: string }
  | { ok: true; intent: Exclude<ProfileIntent, 'select' | 'create' | 'update' | 'pin-forgot'> }
  | { ok: false; intent: ProfileIntent | null; error: ProfileActionError };
