import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../shared/catalogue/categories';

describe('category gradient classes', () => {
  it('match the colours of every category', () => {
    const css = fs.readFileSync(path.join(import.meta.dirname, 'category-gradients.css'), 'utf8');
    for (const category of CATEGORIES) {
      expect(css).toContain(
        `.category-gradient--${category.id} {\n  background: linear-gradient(135deg, ${category.gradient[0]}, ${category.gradient[1]});`,
      );
    }
  });
});
