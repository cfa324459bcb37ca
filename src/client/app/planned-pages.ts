// Pages whose full version arrives with a later piece of work. Each route already answers with a real page
// that says what will be there, so no link of the header or footer leads to a blank screen.
export interface PlannedPageInfo {
  path: string;
  title: string;
  summary: string;
}

export const PLANNED_PAGES: PlannedPageInfo[] = [
  { path: 'checkout', title: 'Checkout', summary: 'Pay securely by card and get your files right away.' },
  { path: 'downloads', title: 'My Downloads', summary: 'Every artwork you bought, ready to download again at any time.' },
  { path: 'orders', title: 'Order History', summary: 'Your past orders and their receipts.' },
  { path: 'stripe-test', title: 'Payment Test', summary: 'A page to try a test card payment.' },
  { path: 'orders-test', title: 'Orders Test', summary: 'A page to look up orders by e-mail.' },
];
