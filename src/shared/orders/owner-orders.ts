// The owner's orders and sales: limits shared by the admin pages and the API. No zod here; the answers' shapes are
// the types of their schemas (admin-orders-schema.ts).

export const ADMIN_ORDERS_PAGE_SIZE = 25;
