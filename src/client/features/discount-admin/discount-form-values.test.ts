import { describe, expect, it } from 'vitest';
import type { AdminDiscount } from '#shared/discounts/discounts-schema.ts';
import { bodyOf, initialValues, problemsByField, toLocalInput } from './discount-form-values';

const SAVED: AdminDiscount = {
  id: 7,
  kind: 'code',
  code: 'SPRING-10',
  name: 'SPRING-10',
  percentOff: null,
  amountOff: 5,
  startsAt: '2026-12-01T09:30:00.000Z',
  endsAt: null,
  maxUses: 10,
  oncePerCustomer: true,
  minSubtotal: 20,
  minQuantity: null,
  scope: 'artworks',
  artworks: [{ id: 3, title: 'Paper Moon' }],
  categoryIds: [],
  combinesWithSales: true,
  active: true,
  status: 'scheduled',
  uses: 0,
  heldUses: 0,
  overspentUses: 0,
  revenue: 0,
  discounted: 0,
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
};

describe('the discount form’s values and body', () => {
  it('shows a saved code as typed and sends it back the same', () => {
    const values = initialValues(SAVED);
    expect(values).toMatchObject({ name: '', valueType: 'amount', amountOff: '5.00', maxUses: '10' });
    expect(values.startsAt).toBe(toLocalInput(SAVED.startsAt));
    const { kind, code, artworks, amountOff, minSubtotal, maxUses, startsAt, oncePerCustomer, combinesWithSales } =
      SAVED;
    expect(bodyOf(values)).toMatchObject({ amountOff, minSubtotal, maxUses, startsAt, oncePerCustomer });
    expect(bodyOf(values)).toMatchObject({ combinesWithSales, percentOff: null, endsAt: null, minQuantity: null });
    expect(bodyOf(values)).toMatchObject({ artworkIds: artworks.map((a) => a.id), categoryIds: [], name: '' });
    expect(bodyOf(values)).toMatchObject({ kind, code });
  });

  it('sends only what belongs to the kind and the scope chosen', () => {
    const values = {
      ...initialValues(SAVED),
      kind: 'quantity' as const,
      name: 'Three or more',
      percentOff: '25',
      minQuantity: '3',
      scope: 'categories' as const,
      categoryIds: ['nature' as const],
    };
    expect(bodyOf(values)).toMatchObject({
      code: null,
      percentOff: 25,
      amountOff: null,
      maxUses: null,
      oncePerCustomer: false,
      minSubtotal: null,
      minQuantity: 3,
      artworkIds: [],
      categoryIds: ['nature'],
      combinesWithSales: false,
    });
  });

  it('sends blank numbers as none and text as typed, for the server to name', () => {
    const body = bodyOf({ ...initialValues(), code: 'X1', percentOff: 'ten', maxUses: ' ', startsAt: 'soon' });
    expect(body).toMatchObject({ percentOff: 'ten', maxUses: null, startsAt: 'soon', endsAt: null });
  });

  it('reads the server’s details by field', () => {
    expect(
      problemsByField({ 'categoryIds.0': ['Choose from the store’s categories.'], code: ['Taken.', 'x'] }),
    ).toEqual({ categoryIds: 'Choose from the store’s categories.', code: 'Taken.' });
  });
});
