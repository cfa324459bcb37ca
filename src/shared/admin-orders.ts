// The owner's orders and sales: answer shapes and limits shared by the admin pages and the API. No zod here.
import type { OrderLine, OrderStatus } from './checkout';

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export interface AdminOrderRow {
  orderNumber: string;
  paymentIntentId: string | null;
  customerEmail: string;
  customerName: string;
  status: OrderStatus;
  amount: number;
  refunded: number;
  itemCount: number;
  createdAt: string;
  paidAt: string | null;
}

export interface AdminOrderDetail extends AdminOrderRow {
  provider: 'test' | 'stripe';
  cardBrand: string | null;
  cardLast4: string | null;
  items: OrderLine[];
  history: Array<{ status: OrderStatus; note: string; at: string }>;
  downloads: Array<{ title: string; format: string; ipAddress: string; userAgent: string; at: string }>;
}

export interface SalesSummary {
  revenue: { today: number; last30Days: number; allTime: number };
  orders: { today: number; last30Days: number; allTime: number };
  topArtworks: Array<{ artworkId: number; title: string; revenue: number; sold: number }>;
  downloadsLast30Days: number;
}
