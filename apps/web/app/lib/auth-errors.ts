// The auth forms' error keys: the actions answer them, the components show their texts.

export type AuthErrorKey =
  | 'emailInvalid' | 'emailTaken' | 'alreadyRegistered' | 'passwordShort' | 'credentials' | 'rateLimited'
  | 'codeInvalid' | 'codeFormat' | 'tooManyAttempts' | 'generic'
  // the login field, phone codes and delivery
  | 'loginEmpty' | 'phoneEmpty' | 'phoneRequired' | 'phoneInvalid' | 'phoneNotMobile' | 'phoneTaken' | 'tooManyCodes' | 'deliveryFailed';

export interface AuthFormErrors {
  /** The one field of /auth: «Почта или телефон». */
  login?: AuthErrorKey;
  email?: AuthErrorKey;
  password?: AuthErrorKey;
  code?: AuthErrorKey;
  form?: AuthErrorKey;
}
