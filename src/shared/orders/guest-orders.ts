// Guest checkout's words, the same on the server and in the browser (decision 0058).

export const GUEST_ORDER_MESSAGES = {
  /** Said for every address, whether or not it bought anything: the form tells nobody who is a customer. */
  linksAgainSent:
    'If we have orders for that address, an e-mail with a link to each of them is on its way. Please check your inbox.',
  revoked:
    'This link to your order has been withdrawn by the store. Please use the newest link we e-mailed you, or contact us.',
  notFound: 'This link to an order is not valid. Please check that it was copied whole.',
  /** Guest checkout is off: a signed-out visitor must sign in to check out. */
  signInToCheckOut: 'Please sign in to check out.',
} as const;
