// The mailing-list module's public face: the only file the rest of the server imports from it. Consents to each
// kind of list mail (with their evidence), suppressed addresses, and what every list message carries to leave
// the list.
export { listUnsubscribe, isUnsubscribeToken, type ListSecret } from './list-links';
export { confirmedRecipients, mayMail, suppressAddress, type ListRecipient } from './recipients';
export { consentsOfPerson, type PersonConsent } from './consents-of-person';
