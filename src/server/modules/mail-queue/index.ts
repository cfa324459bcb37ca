// The mail-queue module's public face: the only file the rest of the server imports from it. The durable mail queue:
// every e-mail is queued in the database and sent, retried, by the job runner.
export { MailQueue, isPermanentRefusal } from './mail-queue';
export { isListMailKind } from './repository';
export type { QueuedMail } from './repository';
export type { MailQueueOptions, MailSender } from './mail-queue';
