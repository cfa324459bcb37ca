// Errors in Stripe's shape: StripeApiError carries the status and the error body the server answers with.
import type { CardError } from '../../src/server/providers/payments/test-cards';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

export function invalidRequest(
  message: string,
  extra: { code?: string; param?: string; status?: number } = {},
): StripeApiError {
  const { status = 400, ...fields } = extra;
  return new StripeApiError(status, { type: 'invalid_request_error', message, ...fields });
}

export function noSuch(kind: string, id: string, param: string, status: number): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param, status });
}

export function cardError(error: CardError, param: string): StripeApiError {
  return new StripeApiError(402, { type: 'card_error', code: error.code, message: error.message, param });
}
