import type { Category, CategoryInput } from '@toolvault/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from './dialect';
import { isRowId } from './row-id';
import type { CategoriesTable, Tables } from './schema';

export type CategoryWrite = { ok: true; category: Category } | { ok: false; reason: 'not-found' | 'slug-taken' };

export interface CategoriesRepo {
  /** By name (case-insensitive), then id. */
  list(): Promise<Category[]>;
  findById(id: number): Promise<Category | null>;
  findBySlug(slug: string): Promise<Category | null>;
  exists(id: number): Promise<boolean>;
  /** The new category, or null when its slug is taken (nothing is written then). */
  insert(category: CategoryInput): Promise<Category | null>;
  update(id: number, changes: CategoryInput): Promise<CategoryWrite>;
  /** True when a category was deleted; its posts keep existing with category_id null (ON DELETE SET NULL). */
  delete(id: number): Promise<boolean>;
}

const COLUMNS = ['id', 'slug', 'name', 'description'] as const;

export function createCategoriesRepo(db: Kysely<Tables>, dialect: Dialect): CategoriesRepo {
  const one = async (column: 'id' | 'slug', value: number | string) => {
    const row = await db.selectFrom('categories').select(COLUMNS).where(column, '=', value).executeTakeFirst();
    return row ? toCategory(row) : null;
  };
  return {
    list: async () =>
      (await db.selectFrom('categories').select(COLUMNS).orderBy(dialect.noCase('name')).orderBy('id').execute()).map(
        toCategory,
      ),
    findById: async (id) => (isRowId(id) ? one('id', id) : null),
    findBySlug: (slug) => one('slug', slug),
    exists: async (id) => isRowId(id) && (await one('id', id)) !== null,
    async insert({ slug, name, description }) {
      // ON CONFLICT … DO NOTHING: a taken slug returns no row instead of throwing.
      const row = await db
        .insertInto('categories')
        .values({ slug, name, description })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? toCategory(row) : null;
    },
    // One transaction, so the slug check and the write see the same rows.
    async update(id, { slug, name, description }) {
      if (!isRowId(id)) return { ok: false, reason: 'not-found' };
      return db.transaction().execute(async (trx): Promise<CategoryWrite> => {
        const taken = await trx
          .selectFrom('categories')
          .select('id')
          .where('slug', '=', slug)
          .where('id', '<>', id)
          .executeTakeFirst();
        if (taken) {
          const exists = await trx.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
          return { ok: false, reason: exists ? 'slug-taken' : 'not-found' };
        }
        const row = await trx
          .updateTable('categories')
          .set({ slug, name, description })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst();
        return row ? { ok: true, category: toCategory(row) } : { ok: false, reason: 'not-found' };
      });
    },
    async delete(id) {
      if (!isRowId(id)) return false;
      const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

function toCategory(row: Selectable<CategoriesTable>): Category {
  return { id: row.id, slug: row.slug, name: row.name, description: row.description };
}
