import { escapeMarkup } from '../../http/escaping';
import type { MailMessage } from '../../providers/mail/mail-provider';

export interface EmailContext {
  storeName: string;
  publicUrl: string;
}

/** Plain text for every mail program, and the same words as simple HTML with one button-like link. */
export function message(
  ctx: EmailContext,
  to: string,
  subject: string,
  lines: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [
    ...lines,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    `— ${ctx.storeName}`,
    ctx.publicUrl,
  ].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeMarkup(line)}</p>`).join('\n');
  const button = action
    ? `<p><a href="${escapeMarkup(action.url)}" style="display:inline-block;padding:10px 18px;background:#b4532a;color:#fff;border-radius:6px;text-decoration:none">${escapeMarkup(action.label)}</a></p>
<p style="color:#5f6b76;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeMarkup(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${escapeMarkup(ctx.storeName)}</h1>
${paragraphs}
${button}
<p style="color:#5f6b76;font-size:13px">— ${escapeMarkup(ctx.storeName)}, <a href="${escapeMarkup(ctx.publicUrl)}">${escapeMarkup(ctx.publicUrl)}</a></p>
</body></html>`;
  return { to, subject: `${subject} — ${ctx.storeName}`, text, html };
}

export function confirmEmailMessage(ctx: EmailContext, to: string, token: string): MailMessage {
  return message(
    ctx,
    to,
    'Confirm your e-mail address',
    [
      'Welcome! Please confirm your e-mail address to finish creating your account.',
      'This link works once and expires in 24 hours. If you did not sign up, ignore this message.',
    ],
    { label: 'Confirm my e-mail', url: `${ctx.publicUrl}/confirm-email?token=${token}` },
  );
}

export function alreadyRegisteredMessage(ctx: EmailContext, to: string): MailMessage {
  return message(
    ctx,
    to,
    'You already have an account',
    [
      'Someone, probably you, tried to create an account with this e-mail address, but it already has one.',
      'Sign in with your password, or choose a new one if you have forgotten it. If it was not you, ignore this message: nothing has changed.',
    ],
    { label: 'Reset my password', url: `${ctx.publicUrl}/forgot-password` },
  );
}

export function resetPasswordMessage(ctx: EmailContext, to: string, token: string): MailMessage {
  return message(
    ctx,
    to,
    'Reset your password',
    [
      'We received a request to reset the password of your account.',
      'This link works once and expires in one hour. If you did not ask for it, ignore this message: your password stays as it is.',
    ],
    { label: 'Choose a new password', url: `${ctx.publicUrl}/reset-password?token=${token}` },
  );
}
