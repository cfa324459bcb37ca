import { describe, expect, it } from 'vitest';
import { firstOfferedTier, tiersOfStoreDefault } from './licences';

describe('licence tiers', () => {
  it('reads STORE_LICENSE as the tiers a new artwork offers', () => {
    expect(tiersOfStoreDefault('personal')).toEqual({ personal: true, commercial: false });
    expect(tiersOfStoreDefault('commercial')).toEqual({ personal: false, commercial: true });
    expect(tiersOfStoreDefault('both')).toEqual({ personal: true, commercial: true });
  });

  it('selects Personal first when it is offered, else Commercial', () => {
    expect(firstOfferedTier({ personal: 5, commercial: 20 })).toBe('personal');
    expect(firstOfferedTier({ personal: null, commercial: 20 })).toBe('commercial');
    expect(firstOfferedTier({ personal: 5, commercial: null })).toBe('personal');
  });
});
