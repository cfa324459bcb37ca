import { describe, expect, it } from 'vitest';
import { FRAME_VALUES } from '#shared/catalogue/browse-facets.ts';
import { catalogRequestOf, hasActiveFilters, panelFilterCount, readShopState, writeShopState } from './shop-url-state';

const read = (query: string) => readShopState(new URLSearchParams(query));

describe('the shop state in the URL', () => {
  it('reads defaults from an empty query and writes nothing back', () => {
    const state = read('');
    expect(state).toEqual({
      q: '',
      category: undefined,
      filter: undefined,
      color: undefined,
      orientation: undefined,
      frame: undefined,
      sort: 'newest',
      minPrice: 0,
      maxPrice: 100,
      page: 1,
    });
    expect(writeShopState(state).toString()).toBe('');
    expect(hasActiveFilters(state)).toBe(false);
    expect(panelFilterCount(state)).toBe(0);
  });

  it('round-trips every part of the state', () => {
    const query =
      'q=sea&category=nature&filter=featured&color=blue&orientation=panoramic&frame=50x70cm&sort=price-low&minPrice=10&maxPrice=45&page=3';
    const state = read(query);
    expect(state).toEqual({
      q: 'sea',
      category: 'nature',
      filter: 'featured',
      color: 'blue',
      orientation: 'panoramic',
      frame: '50x70cm',
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

  it('reads colour, orientation and frame, dropping values the shop does not offer', () => {
    expect(read('color=multicolor&orientation=square&frame=a4')).toMatchObject({
      color: 'multicolor',
      orientation: 'square',
      frame: 'a4',
    });
    // Hand-typed capitals still name the value; anything else is dropped rather than sent to the API (a 400).
    expect(read('color=Blue&orientation=LANDSCAPE&frame=A3')).toMatchObject({
      color: 'blue',
      orientation: 'landscape',
      frame: 'a3',
    });
    const unknown = read('color=navy&orientation=diagonal&frame=7x9&color=');
    expect(unknown).toMatchObject({ color: undefined, orientation: undefined, frame: undefined });
    expect(writeShopState(unknown).toString()).toBe('');
    expect(read('frame=8x10cm').frame).toBeUndefined();
  });

  it('knows every frame value the API accepts', () => {
    for (const frame of FRAME_VALUES) expect(read(`frame=${frame}`).frame).toBe(frame);
    expect(FRAME_VALUES).toContain('8x10');
    expect(FRAME_VALUES).toContain('50x70cm');
  });

  it('counts the Filters panel’s filters and asks the API for them with the other filters', () => {
    const state = read('category=abstract&color=teal&orientation=portrait&frame=11x14&maxPrice=50&sort=popular');
    expect(panelFilterCount(state)).toBe(4);
    expect(hasActiveFilters(read('orientation=square'))).toBe(true);
    expect(catalogRequestOf(state)).toEqual({
      q: undefined,
      category: 'abstract',
      filter: undefined,
      color: 'teal',
      orientation: 'portrait',
      frame: '11x14',
      sort: 'popular',
      minPrice: undefined,
      maxPrice: 50,
      limit: 24,
      offset: 0,
    });
    expect(catalogRequestOf(read(''))).toMatchObject({ color: undefined, orientation: undefined, frame: undefined });
  });
});
