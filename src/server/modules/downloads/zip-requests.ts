import { requestPackZip } from './pack-zip-link';
import { requestSetZip } from './set-zip-link';

/**
 * The ZIPs a buyer asks for by one of their lines, by the path's last part: the line's print pack, and the whole set
 * it was bought in. Both count their downloads and answer a short-lived link; an account and a guest's library link
 * ask alike.
 */
export const ZIP_REQUESTS = [
  ['zip', requestPackZip],
  ['set-zip', requestSetZip],
] as const;
