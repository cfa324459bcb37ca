import { describe, expect, it } from 'vitest';
import { discountStatus, discountValueText } from './discount-admin';

const NOW = new Date('2026-11-26T12:00:00Z');
const ON = { active: true, startsAt: null, endsAt: null, maxUses: null, uses: 0 };

describe('a discount’s status in the owner’s list', () => {
  it.each([
    ['active', ON],
    ['active from its start', { ...ON, startsAt: '2026-11-26T12:00:00Z', endsAt: '2026-11-26T12:00:01Z' }],
    ['scheduled', { ...ON, startsAt: '2026-11-26T12:00:01Z' }],
    ['expired', { ...ON, endsAt: '2026-11-26T12:00:00Z' }],
    ['used-up', { ...ON, maxUses: 3, uses: 3 }],
    ['active with uses left', { ...ON, maxUses: 3, uses: 2 }],
    ['off whatever else', { ...ON, active: false, endsAt: '2020-01-01T00:00:00Z', maxUses: 1, uses: 1 }],
    ['expired before used up', { ...ON, endsAt: new Date('2026-11-01T00:00:00Z'), maxUses: 1, uses: 1 }],
    ['used-up before scheduled', { ...ON, startsAt: '2027-01-01T00:00:00Z', maxUses: 1, uses: 1 }],
  ] as const)('%s', (label, discount) => {
    expect(discountStatus(discount, NOW)).toBe(label.split(' ')[0]);
  });

  it('says what it takes off', () => {
    expect(discountValueText({ percentOff: 10, amountOffCents: null }, 'usd')).toBe('10 % off');
    expect(discountValueText({ percentOff: null, amountOffCents: 550 }, 'usd')).toBe('$5.50 off');
    expect(discountValueText({ percentOff: null, amountOffCents: 550 }, 'eur')).toBe('€5.50 off');
  });
});
