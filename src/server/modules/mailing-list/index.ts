// The mailing-list module's public face: the only file the rest of the server imports from it. Consents to each
// kind of list mail (with their evidence), suppressed addresses, and what every list message carries to leave
// the list.
export { listUnsubscribe, isUnsubscribeToken, type ListSecret } from './list-links';
export { confirmedRecipients, mayMail, suppressAddress, type ListRecipient } from './recipients';
export { consentsOfPerson, type PersonConsent } from './consents-of-person';
/**
 * `listMessage(deps, { email, kind, subject, text, html })` builds every list message (news, new artworks, cart
 * reminders, review requests): footer with the seller's postal address and unsubscribe link, List-Unsubscribe
 * headers, kind `list-<kind>`. Check `mayMail` first, then queue it with `MailQueue.enqueue`.
 */
export { listMessage, sellerPostalAddress, type ListMessageContent, type ListMessageDeps } from './list-message';
/** Records ticked boxes (sign-up, checkout, footer) as pending consents and mails the confirming link. */
export { askConsents, askConsentsAndMail, type ConsentRequest } from './consent-service';
export { mailingListRoutes, type MailingListDeps } from './routes';
export { adminMailingListRoutes } from './admin-routes';
export { registerMailingListListeners, suppressRefusedAddresses } from './listeners';
