/** The test provider's cards (the same numbers as Stripe's test mode), for the guidance the test forms show. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', result: 'succeeds' },
  { number: '4000 0000 0000 0002', result: 'is declined' },
  { number: '4000 0025 0000 3155', result: 'asks for authentication' },
] as const;
