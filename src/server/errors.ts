// Errors a service throws on purpose, named by what happened. Their message is safe to show the visitor; which
// HTTP answer each one becomes is decided in one table (http/error-handler.ts), not where it is thrown.

export type FieldDetails = Record<string, string[]>;

export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly details?: FieldDetails,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request is well-formed but a field breaks a rule only the server can check (e.g. an unknown upload). */
export class InvalidInputError extends DomainError {}
export class InvalidCredentialsError extends DomainError {}
export class SignInRequiredError extends DomainError {}
export class EmailNotConfirmedError extends DomainError {}
export class NotAllowedError extends DomainError {}
export class CrossSiteRequestError extends DomainError {}
/** A confirmation or reset link that is unknown, spent or past its time. */
export class LinkExpiredError extends DomainError {}
/** An uploaded file of a kind, shape or number the store does not take. */
export class FileRejectedError extends DomainError {}
export class FileTooLargeError extends DomainError {}
export class NotFoundError extends DomainError {}
export class ConflictError extends DomainError {}
export class TooManyAttemptsError extends DomainError {}
/** The mail server refused or could not be reached; what was asked is kept, but the message did not go out. */
export class MailFailedError extends DomainError {}
