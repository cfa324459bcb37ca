import { mutationOptions, useMutation } from '@tanstack/react-query';
import { checkoutApi, type PaymentIntentRequest } from './checkout-api';
import { confirmPaidOrder } from './confirm-order';

// The calls to our own server around a card payment: the intent before it (the server prices the cart), the
// payment method's card country (the server taxes the order by it), the order's confirmation after it (the server
// checks with the provider that it is paid).

export const createPaymentIntentMutation = mutationOptions({
  mutationFn: (request: PaymentIntentRequest) => checkoutApi.createPaymentIntent(request),
});

export const confirmOrderMutation = mutationOptions({
  mutationFn: ({ paymentIntentId, email }: { paymentIntentId: string; email?: string }) =>
    confirmPaidOrder(paymentIntentId, undefined, email),
});

export const taxByPaymentMethodMutation = mutationOptions({
  mutationFn: (body: { paymentIntentId: string; paymentMethodId: string; country?: string | undefined }) =>
    checkoutApi.taxByPaymentMethod({
      paymentIntentId: body.paymentIntentId,
      paymentMethodId: body.paymentMethodId,
      ...(body.country ? { country: body.country } : {}),
    }),
});

export const confirmPaymentMutation = mutationOptions({
  mutationFn: (body: {
    paymentIntentId: string;
    confirmationId: string;
    country?: string | undefined;
    email: string;
  }) =>
    checkoutApi.confirmPayment({
      paymentIntentId: body.paymentIntentId,
      confirmationId: body.confirmationId,
      email: body.email,
      ...(body.country ? { country: body.country } : {}),
    }),
});
export const useConfirmPayment = () => useMutation(confirmPaymentMutation);

export const completeFreeOrderMutation = mutationOptions({
  mutationFn: (request: PaymentIntentRequest) => checkoutApi.completeFreeOrder(request),
});

export const useCompleteFreeOrder = () => useMutation(completeFreeOrderMutation);
export const useTaxByPaymentMethod = () => useMutation(taxByPaymentMethodMutation);
export const useCreatePaymentIntent = () => useMutation(createPaymentIntentMutation);
export const useConfirmOrder = () => useMutation(confirmOrderMutation);
