import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { checkoutApi } from './checkout-api';
import { CONFIRM_ATTEMPTS, confirmPaidOrder } from './confirm-order';

const paid = { orderNumber: 'WA-1', paymentIntentId: 'pi_1', status: 'paid' } as OrderSummary;
const noWait = () => Promise.resolve();

afterEach(() => vi.restoreAllMocks());

describe('asking the server to confirm a paid order', () => {
  it('asks again while the server answers 409 (the webhook is on its way)', async () => {
    const confirm = vi
      .spyOn(checkoutApi, 'confirmOrder')
      .mockRejectedValueOnce(new ApiError(409, 'The payment has not gone through yet.'))
      .mockRejectedValueOnce(new ApiError(409, 'The payment has not gone through yet.'))
      .mockResolvedValueOnce(paid);
    await expect(confirmPaidOrder('pi_1', noWait)).resolves.toBe(paid);
    expect(confirm).toHaveBeenCalledTimes(3);
  });

  it(`gives up after ${CONFIRM_ATTEMPTS} tries, and at once on any other failure`, async () => {
    const confirm = vi.spyOn(checkoutApi, 'confirmOrder').mockRejectedValue(new ApiError(409, 'not yet'));
    await expect(confirmPaidOrder('pi_1', noWait)).rejects.toMatchObject({ status: 409 });
    expect(confirm).toHaveBeenCalledTimes(CONFIRM_ATTEMPTS);

    confirm.mockReset().mockRejectedValue(new ApiError(404, 'Order not found'));
    await expect(confirmPaidOrder('pi_1', noWait)).rejects.toMatchObject({ status: 404 });
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
