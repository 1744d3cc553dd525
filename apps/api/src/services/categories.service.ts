import type { Category, CategoryInput } from '@toolvault/shared';
import type { CategoriesRepo } from '../db/categories.repo';
import { fail, ok, type Result } from '../lib/result';

/** What an admin can get wrong here; the route maps each to the error of the same name. */
export type CategoryFailure = 'CATEGORY_NOT_FOUND' | 'CATEGORY_SLUG_TAKEN';

export interface CategoryService {
  /** By name (the order GET /api/categories lists them in). */
  list(): Promise<Category[]>;
  findById(id: number): Promise<Category | null>;
  create(input: CategoryInput): Promise<Result<Category, CategoryFailure>>;
  update(id: number, input: CategoryInput): Promise<Result<Category, CategoryFailure>>;
  /** Its posts stay, uncategorised: deleting a category never deletes posts. */
  delete(id: number): Promise<Result<void, CategoryFailure>>;
}

export function createCategoryService({ categories }: { categories: CategoriesRepo }): CategoryService {
  return {
    list: () => categories.list(),
    findById: (id) => categories.findById(id),
    async create(input) {
      const created = await categories.insert(input);
      return created ? ok(created) : fail('CATEGORY_SLUG_TAKEN');
    },
    async update(id, input) {
      const result = await categories.update(id, input);
      if (result.ok) return ok(result.category);
      return fail(result.reason === 'slug-taken' ? 'CATEGORY_SLUG_TAKEN' : 'CATEGORY_NOT_FOUND');
    },
    delete: async (id) => ((await categories.delete(id)) ? ok(undefined) : fail('CATEGORY_NOT_FOUND')),
  };
}
