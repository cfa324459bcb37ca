import { describe, expect, it } from 'vitest';
import { catalogQuerySchema } from './catalogue-query-schema';

describe('catalogQuerySchema', () => {
  it('defaults to the newest 24 from the start', () => {
    expect(catalogQuerySchema.parse({})).toEqual({ sort: 'newest', limit: 24, offset: 0 });
  });

  it('reads query-string text into numbers and drops empty values', () => {
    expect(catalogQuerySchema.parse({ q: '  sea ', minPrice: '5', maxPrice: '', limit: '10', category: '' })).toEqual({
      q: 'sea',
      minPrice: 5,
      sort: 'newest',
      limit: 10,
      offset: 0,
    });
  });

  it('refuses unknown values and names the field', () => {
    const result = catalogQuerySchema.safeParse({
      sort: 'cheapest',
      category: 'space',
      limit: '101',
      minPrice: '20',
      maxPrice: '10',
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['sort', 'category', 'limit']));
  });

  it('refuses a price range whose maximum is below its minimum', () => {
    const result = catalogQuerySchema.safeParse({ minPrice: '20', maxPrice: '10' });
    expect(result.error?.issues[0]?.path).toEqual(['maxPrice']);
  });
});
