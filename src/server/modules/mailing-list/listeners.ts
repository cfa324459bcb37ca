import type { EventBus } from '../../events/event-bus';
import type { MailQueue } from '../mail-queue';
import { deleteConsentsOf } from './consents-repository';
import { suppressAddress } from './recipients';

/**
 * What the mailing list does when something happens elsewhere: a deleted account's consents go with it, in the
 * deleting transaction; list mail the mail server refused for good suppresses its address.
 */
export function registerMailingListListeners(events: EventBus): void {
  events.onInTransaction('account.deleted', (trx, event) => deleteConsentsOf(trx, event.userId, event.email));
}

/** The mail queue tells of list mail refused for good (a 5xx): no list mail goes to that address again. */
export function suppressRefusedAddresses(mail: MailQueue, db: Parameters<typeof suppressAddress>[0]): void {
  mail.onRefused((to, reason) => suppressAddress(db, to, reason, new Date()));
}
