import { CONSENT_WORDING, type ConsentKind } from '../../../shared/mailing/consent-kinds';
import { escapeMarkup } from '../../http/escaping';
import type { QueuedMail } from '../mail-queue';

/**
 * The double opt-in's one e-mail per request: the kinds asked for, in the words agreed to, and one link that
 * confirms them all. Not list mail itself (kind `mailing-list-confirm`): it is retried like a receipt.
 */
export function confirmSubscriptionMail(
  ctx: { storeName: string; publicUrl: string },
  to: string,
  kinds: readonly ConsentKind[],
  token: string,
): QueuedMail {
  const url = `${ctx.publicUrl}/mailing-list/confirm?token=${token}`;
  const asked = kinds.map((kind) => CONSENT_WORDING[kind]);
  const text = [
    'Please confirm that you want these e-mails from us:',
    '',
    ...asked.map((line) => `- ${line}`),
    '',
    `Confirm: ${url}`,
    '',
    'If you did not ask for them, ignore this message: nothing is sent without your confirmation.',
    '',
    `— ${ctx.storeName}`,
    ctx.publicUrl,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${escapeMarkup(ctx.storeName)}</h1>
<p>Please confirm that you want these e-mails from us:</p>
<ul>${asked.map((line) => `<li>${escapeMarkup(line)}</li>`).join('')}</ul>
<p><a href="${escapeMarkup(url)}" style="display:inline-block;padding:10px 18px;background:#b4532a;color:#fff;border-radius:6px;text-decoration:none">Confirm my subscription</a></p>
<p style="color:#5f6b76;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeMarkup(url)}</p>
<p>If you did not ask for them, ignore this message: nothing is sent without your confirmation.</p>
<p style="color:#5f6b76;font-size:13px">— ${escapeMarkup(ctx.storeName)}, <a href="${escapeMarkup(ctx.publicUrl)}">${escapeMarkup(ctx.publicUrl)}</a></p>
</body></html>`;
  return { kind: 'mailing-list-confirm', to, subject: `Confirm your subscription — ${ctx.storeName}`, text, html };
}
