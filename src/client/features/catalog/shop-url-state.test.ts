import { describe, expect, it } from 'vitest';
import { catalogRequestOf, hasActiveFilters, readShopState, writeShopState } from './shop-url-state';

const read = (query: string) => readShopState(new URLSearchParams(query));

describe('the shop state in the URL', () => {
  it('reads defaults from an empty query and writes nothing back', () => {
    const state = read('');
    expect(state).toEqual({
      q: '',
      category: undefined,
      filter: undefined,
      sort: 'newest',
      minPrice: 0,
      maxPrice: 100,
      page: 1,
    });
    expect(writeShopState(state).toString()).toBe('');
    expect(hasActiveFilters(state)).toBe(false);
  });

  it('round-trips every part of the state', () => {
    const query = 'q=sea&category=nature&filter=featured&sort=price-low&minPrice=10&maxPrice=45&page=3';
    const state = read(query);
    expect(state).toEqual({
      q: 'sea',
      category: 'nature',
      filter: 'featured',
      sort: 'price-low',
      minPrice: 10,
      maxPrice: 45,
      page: 3,
    });
    expect(writeShopState(state).toString()).toBe(query);
  });

  it('ignores unknown values and lower-cases the category of old links', () => {
    expect(read('category=Nature&filter=cheap&sort=random&page=-2&minPrice=abc')).toMatchObject({
      category: 'nature',
      filter: undefined,
      sort: 'newest',
      page: 1,
      minPrice: 0,
    });
    expect(read('category=space').category).toBeUndefined();
  });

  it('cuts a search typed into the address bar to the 100 characters the API accepts', () => {
    expect(read(`q=${'a'.repeat(150)}`).q).toBe('a'.repeat(100));
  });

  it('keeps prices inside 0-100 and in order', () => {
    expect(read('minPrice=60&maxPrice=20')).toMatchObject({ minPrice: 20, maxPrice: 60 });
    expect(read('minPrice=-5&maxPrice=500')).toMatchObject({ minPrice: 0, maxPrice: 100 });
  });

  it('asks the API for the page, leaving slider ends open', () => {
    expect(catalogRequestOf(read('page=2'))).toMatchObject({
      offset: 24,
      limit: 24,
      minPrice: undefined,
      maxPrice: undefined,
    });
    expect(catalogRequestOf(read('minPrice=5&maxPrice=100'))).toMatchObject({ minPrice: 5, maxPrice: undefined });
  });
});
