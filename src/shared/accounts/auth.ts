// Account texts and rules the browser needs on every page; no zod here, so they cost the first load nothing.

// The account messages, shared so the server sends and the pages show the same words.
export const AUTH_MESSAGES = {
  missingCredentials: 'You must provide either an email or phone number and a password',
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  signUpSuccess: 'Registration successful! Please check your email to confirm your account.',
  confirmationResent: 'If this email has an account waiting for confirmation, a new link has been sent.',
  emailConfirmed: 'Email confirmed! You can now sign in.',
  invalidConfirmLink: 'This confirmation link is invalid or has expired.',
  forgotPasswordSent: 'If this email is registered, a password reset link has been sent.',
  invalidResetLink: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordUpdated: 'Password updated! You can now log in.',
  passwordsDoNotMatch: 'Passwords do not match',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  crossSiteRefused: 'Cross-site request refused',
  signInRequired: 'Please sign in to continue.',
  notAllowed: 'You do not have permission to do this.',
} as const;

/** OWASP ASVS 2.1: at least 8 characters (the spec's 6 is below current guidance), at most 128, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Only a path on our own site may follow sign-in: '/checkout' yes; '//evil.example' or 'https://…' no. */
export function safeRedirectPath(value: string | null | undefined, fallback = '/downloads'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

// The forms' own checks, so a visitor hears of a typo before a round trip. The server's schemas (auth-schema.ts)
// use the same limits and texts and remain the authority.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(value: string): string | null {
  const email = value.trim();
  return EMAIL_SHAPE.test(email) && email.length <= EMAIL_MAX_LENGTH ? null : INVALID_EMAIL_MESSAGE;
}

export function newPasswordProblem(value: string): string | null {
  if (value.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (value.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return null;
}
