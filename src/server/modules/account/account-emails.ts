import { EMAIL_CHANGE_LINK_HOURS } from '#shared/accounts/account.ts';
import type { MailMessage } from '../../providers/mail/mail-provider';
import { accountMessage, type EmailContext } from '../auth';

export const CONFIRM_NEW_EMAIL_PATH = '/confirm-new-email';

/** To the new address: the link that proves the inbox and moves the account to it. */
export function confirmNewEmailMessage(ctx: EmailContext, to: string, token: string): MailMessage {
  return accountMessage(
    ctx,
    to,
    'Confirm your new e-mail address',
    [
      'You asked to use this address for your account. Follow the link to confirm it; until then your account keeps its current address.',
      `This link works once and expires in ${EMAIL_CHANGE_LINK_HOURS} hours. If you did not ask for it, ignore this message.`,
    ],
    { label: 'Confirm my new e-mail', url: `${ctx.publicUrl}${CONFIRM_NEW_EMAIL_PATH}?token=${token}` },
  );
}

/** To the old address, once the change is done: so that a change the owner of the inbox did not make is noticed. */
export function emailChangedMessage(ctx: EmailContext, to: string, newEmail: string): MailMessage {
  return accountMessage(ctx, to, 'Your e-mail address was changed', [
    `The e-mail address of your account was changed to ${newEmail}. Sign in with it from now on.`,
    'If you did not make this change, reply to this message or write to us through the contact page at once.',
  ]);
}
