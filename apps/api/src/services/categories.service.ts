import type { Category, CategoryInput } from '@toolvault/shared';
import type { CategoriesRepo } from '../db/categories.repo';
import { fail, ok, type Result } from './result';

/** What an admin can get wrong here; the route maps each to the error of the same name. */
export type CategoryFailure = 'CATEGORY_NOT_FOUND' | 'CATEGORY_SLUG_TAKEN';

export interface CategoryService {
  /** By name (spec 001 §7: GET /api/categories). */
  list(): Category[];
  create(input: CategoryInput): Result<Category, CategoryFailure>;
  update(id: number, input: CategoryInput): Result<Category, CategoryFailure>;
  /** Its posts stay, uncategorised (issue 6: never deleted). */
  delete(id: number): Result<void, CategoryFailure>;
}

export function createCategoryService({ categories }: { categories: CategoriesRepo }): CategoryService {
  return {
    list: () => categories.list(),
    create(input) {
      const created = categories.insert(input);
      return created ? ok(created) : fail('CATEGORY_SLUG_TAKEN');
    },
    update(id, input) {
      const result = categories.update(id, input);
      if (result.ok) return ok(result.category);
      return fail(result.reason === 'slug-taken' ? 'CATEGORY_SLUG_TAKEN' : 'CATEGORY_NOT_FOUND');
    },
    delete: (id) => (categories.delete(id) ? ok(undefined) : fail('CATEGORY_NOT_FOUND')),
  };
}
