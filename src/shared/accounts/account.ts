// The buyer's own account page: its messages, shared so the server sends and the page shows the same words. No zod
// here: the page imports it freely.

export const ACCOUNT_MESSAGES = {
  emailChangeSent: 'We sent a link to the new address. Your account keeps its current address until you follow it.',
  emailChanged: 'Your e-mail address is changed. Sign in with the new one from now on.',
  invalidEmailChangeLink: 'This link is invalid, has expired or was replaced by a newer one.',
  sameEmail: 'This is already your address.',
  emailTaken: 'This address cannot be used: another account has it.',
  wrongPassword: 'The password is not right.',
  passwordChanged: 'Your password is changed. You stay signed in here; every other session has ended.',
  otherSessionsEnded: 'Every other session of your account has ended.',
  ownerCannotDelete: 'The owner’s account cannot be deleted: the store would have nobody to run it.',
  accountDeleted: 'Your account is deleted. Your orders’ invoices are kept for the legal period, without your account.',
} as const;

/** Shown to the owner instead of the address of an order whose buyer deleted their account. */
export const DELETED_ACCOUNT_LABEL = 'Deleted account';

/** What a change-of-address link lasts: as long as a sign-up's confirmation link. */
export const EMAIL_CHANGE_LINK_HOURS = 24;
