import { formatMoneyCents } from '#shared/money/money.ts';
import { escapeMarkup } from '../../http/escaping';

// The built-in test provider's stand-in for a redirect method's bank (iDEAL, Bancontact…): a page of the store's own,
// so a redirect payment runs offline, in browser tests too. Plain HTML with a form and no script, styled by a
// stylesheet of its own (the content security policy allows no inline style).

export const TEST_BANK_PATH = '/payments/test-bank';
export const TEST_BANK_STYLES_PATH = '/payments/test-bank.css';

export function testBankPage(input: { paymentIntentId: string; amountCents: number; currency: string; store: string }) {
  const intent = escapeMarkup(input.paymentIntentId);
  const amount = escapeMarkup(formatMoneyCents(input.amountCents, input.currency));
  const button = (decision: string, label: string, kind: string) =>
    `<button type="submit" name="decision" value="${decision}" class="bank__button bank__button--${kind}">${label}</button>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test Bank — approve your payment</title>
<link rel="stylesheet" href="${TEST_BANK_STYLES_PATH}">
</head>
<body>
<main class="bank">
<p class="bank__brand" aria-hidden="true">Test Bank</p>
<h1>Approve your payment</h1>
<p class="bank__note">This page stands for your bank in the store's test mode. No money moves.</p>
<dl class="bank__facts">
<dt>To</dt><dd>${escapeMarkup(input.store)}</dd>
<dt>Amount</dt><dd class="bank__amount">${amount}</dd>
</dl>
<form method="post" action="/api/payments/test/bank" class="bank__actions">
<input type="hidden" name="paymentIntentId" value="${intent}">
${button('approve', 'Approve', 'primary')}
${button('decline', 'Decline', 'secondary')}
${button('leave', 'Leave without paying', 'link')}
</form>
</main>
</body>
</html>`;
}

export const TEST_BANK_STYLES = `
*{box-sizing:border-box}
body{margin:0;background:#eef2f6;color:#1f2933;font:16px/1.5 system-ui,sans-serif}
.bank{max-width:28rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border-radius:12px;box-shadow:0 8px 30px rgb(31 41 51 / 12%)}
.bank__brand{margin:0 0 1rem;color:#1d4e89;font-weight:700;letter-spacing:.08em;text-transform:uppercase}
h1{margin:0 0 .5rem;font-size:1.5rem}
.bank__note{margin:0 0 1.5rem;color:#5f6b76}
.bank__facts{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
.bank__facts dt{color:#5f6b76}
.bank__facts dd{margin:0;font-weight:600}
.bank__amount{font-size:1.25rem}
.bank__actions{display:flex;flex-direction:column;gap:.75rem}
.bank__button{min-height:44px;padding:.65rem 1rem;border-radius:8px;border:1px solid #1d4e89;font:inherit;font-weight:600;cursor:pointer}
.bank__button--primary{background:#1d4e89;color:#fff}
.bank__button--secondary{background:#fff;color:#1d4e89}
.bank__button--link{border-color:transparent;background:none;color:#5f6b76;text-decoration:underline}
@media (max-width:480px){.bank{margin:0;min-height:100vh;border-radius:0;box-shadow:none}}
`;
