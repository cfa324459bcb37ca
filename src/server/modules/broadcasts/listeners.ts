import type { EventBus } from '../../events/event-bus';

/**
 * A deleted account's address leaves every broadcast's recipients, in the deleting transaction: what was sent to
 * whom is not kept of a person who is gone (a finished broadcast's counts drop by one, which is the price).
 */
export function registerBroadcastListeners(events: EventBus): void {
  events.onInTransaction('account.deleted', async (trx, event) => {
    await trx.deleteFrom('broadcast_recipients').where('email', '=', event.email.toLowerCase()).execute();
  });
}
