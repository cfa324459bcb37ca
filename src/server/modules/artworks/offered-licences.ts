import { tiersOfStoreDefault, type StoreLicenceDefault } from '#shared/licences/licences.ts';
import type { AdminArtwork } from '#shared/catalogue/artwork-write-schema.ts';
import { InvalidInputError } from '../../errors';
import type { ArtworkInput } from './artwork-row';

interface LicenceChoice {
  offersPersonal?: boolean | undefined;
  offersCommercial?: boolean | undefined;
  commercialPrice?: number | null | undefined;
}

/**
 * The licences an artwork will offer after a write, as columns: what was sent, else what it offers now (an edit),
 * else the store's default (a new artwork). At least one licence, and Commercial only with its price. Turning
 * Commercial off forgets its price; lines already sold keep theirs, and their licence, on the order.
 */
export function offeredLicences(
  choice: LicenceChoice,
  current: AdminArtwork['licences'] | StoreLicenceDefault,
): Pick<ArtworkInput, 'offersPersonal' | 'commercialPrice'> {
  const before =
    typeof current === 'string'
      ? { ...tiersOfStoreDefault(current), price: null }
      : { personal: current.personal !== null, commercial: current.commercial !== null, price: current.commercial };
  const personal = choice.offersPersonal ?? before.personal;
  const commercial = choice.offersCommercial ?? (choice.commercialPrice != null || before.commercial);
  if (!personal && !commercial)
    throw new InvalidInputError('Offer at least one licence.', {
      offersPersonal: ['Offer at least one licence: Personal, Commercial or both.'],
    });
  const price = choice.commercialPrice ?? before.price;
  if (commercial && price == null)
    throw new InvalidInputError('Enter the Commercial price.', {
      commercialPrice: ['Enter the Commercial price, or stop offering the commercial licence.'],
    });
  return { offersPersonal: personal, commercialPrice: commercial ? price : null };
}
