import { mutationOptions, useMutation } from '@tanstack/react-query';
import { ordersApi } from './orders-api';

export const resendReceiptMutation = mutationOptions({
  mutationFn: (orderNumber: string) => ordersApi.resendReceipt(orderNumber),
});

export const useResendReceipt = () => useMutation(resendReceiptMutation);
