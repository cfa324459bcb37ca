// The store's fixed list of ten categories. Every artwork belongs to exactly one of them. The ids and the shape
// of a category are in category-ids.ts; their names, words and colours in category-list.ts.
import { CATEGORIES } from './category-list';
import type { Category, CategoryId } from './category-ids';

export { CATEGORY_IDS, type Category, type CategoryId } from './category-ids';
export { CATEGORIES } from './category-list';

const byId = new Map<string, Category>(CATEGORIES.map((c) => [c.id, c]));

export function isCategoryId(value: string): value is CategoryId {
  return byId.has(value);
}

export function findCategory(id: string): Category | undefined {
  return byId.get(id);
}
