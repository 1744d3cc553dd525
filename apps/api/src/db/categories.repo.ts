import type { Category, CategoryInput } from '@toolvault/shared';
import type { Db } from './database';

export type CategoryWrite = { ok: true; category: Category } | { ok: false; reason: 'not-found' | 'slug-taken' };

export interface CategoriesRepo {
  /** By name (case-insensitive), then id. */
  list(): Category[];
  findById(id: number): Category | null;
  findBySlug(slug: string): Category | null;
  exists(id: number): boolean;
  /** The new category, or null when its slug is taken (nothing is written then). */
  insert(category: CategoryInput): Category | null;
  update(id: number, changes: CategoryInput): CategoryWrite;
  /** True when a category was deleted; its posts keep existing with category_id null (ON DELETE SET NULL). */
  delete(id: number): boolean;
}

interface CategoryRow {
  id: number;
  slug: string;
  name: string;
  description: string;
}

const COLUMNS = 'id, slug, name, description';

export function createCategoriesRepo(db: Db): CategoriesRepo {
  const list = db.prepare<[], CategoryRow>(`SELECT ${COLUMNS} FROM categories ORDER BY name COLLATE NOCASE, id`);
  const byId = db.prepare<[number], CategoryRow>(`SELECT ${COLUMNS} FROM categories WHERE id = ?`);
  const bySlug = db.prepare<[string], CategoryRow>(`SELECT ${COLUMNS} FROM categories WHERE slug = ?`);
  const exists = db.prepare<[number], { found: number }>('SELECT 1 AS found FROM categories WHERE id = ?');
  // ON CONFLICT … DO NOTHING: a taken slug returns no row instead of throwing.
  const insert = db.prepare<CategoryInput, CategoryRow>(
    `INSERT INTO categories (slug, name, description) VALUES (@slug, @name, @description)
     ON CONFLICT (slug) DO NOTHING
     RETURNING ${COLUMNS}`,
  );
  const slugTakenByOther = db.prepare<{ slug: string; id: number }, { found: number }>(
    'SELECT 1 AS found FROM categories WHERE slug = @slug AND id <> @id',
  );
  const update = db.prepare<CategoryInput & { id: number }, CategoryRow>(
    `UPDATE categories SET slug = @slug, name = @name, description = @description
     WHERE id = @id
     RETURNING ${COLUMNS}`,
  );
  const remove = db.prepare<[number]>('DELETE FROM categories WHERE id = ?');

  // One transaction, so the slug check and the write see the same rows.
  const updateChecked = db.transaction((id: number, changes: CategoryInput): CategoryWrite => {
    if (slugTakenByOther.get({ slug: changes.slug, id })) {
      return exists.get(id) ? { ok: false, reason: 'slug-taken' } : { ok: false, reason: 'not-found' };
    }
    const row = update.get({ slug: changes.slug, name: changes.name, description: changes.description, id });
    return row ? { ok: true, category: toCategory(row) } : { ok: false, reason: 'not-found' };
  });

  return {
    list: () => list.all().map(toCategory),
    findById(id) {
      const row = byId.get(id);
      return row ? toCategory(row) : null;
    },
    findBySlug(slug) {
      const row = bySlug.get(slug);
      return row ? toCategory(row) : null;
    },
    exists: (id) => exists.get(id) !== undefined,
    insert(category) {
      const row = insert.get({ slug: category.slug, name: category.name, description: category.description });
      return row ? toCategory(row) : null;
    },
    update: (id, changes) => updateChecked(id, changes),
    delete: (id) => remove.run(id).changes > 0,
  };
}

function toCategory(row: CategoryRow): Category {
  return { id: row.id, slug: row.slug, name: row.name, description: row.description };
}
