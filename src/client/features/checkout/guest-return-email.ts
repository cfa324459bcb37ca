// A guest who pays at their bank leaves the store and comes back to /checkout/return with only the intent's id in
// the address. Confirming a guest's order takes the address it was made with (the answer carries the order's
// library link), so the checkout keeps it for that return in this tab's session storage: never in the address,
// and gone when the tab is closed. A signed-in buyer's return needs none (the server goes by the session).
const KEY = 'wall-art-store.guest-return-email';

export function rememberGuestEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage refused (a private window's quota): the return page then asks the buyer to check their e-mail.
  }
}

export function guestEmailForReturn(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
