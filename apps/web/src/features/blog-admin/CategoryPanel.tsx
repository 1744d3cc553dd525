import { BLOG_LIMITS, type Category } from '@toolvault/shared';
import { Pencil, Save, Trash2, X } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { ADMIN_MESSAGES, type CategoryFormValues } from './blog-admin.service';
import { Field } from './PostForm';

/** Compact card actions (the shared button classes are sized for forms). */
export const smallButton = ui.smallButton;
export const smallDangerButton = ui.smallDangerButton;

interface CategoryFormProps {
  values: CategoryFormValues;
  onChange: (patch: Partial<CategoryFormValues>) => void;
  editing: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  onCancel: () => void;
}

/** New Category / Edit Category: name, slug (like tech-news), optional description. */
export function CategoryForm({ values, onChange, editing, busy, error, onSubmit, onCancel }: CategoryFormProps) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const set = (key: keyof CategoryFormValues, value: string) => onChange({ [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby={field('heading')}>
        <h2 id={field('heading')} className={ui.subheading}>
          {editing ? 'Edit Category' : 'New Category'}
        </h2>
        <div className="mt-4 grid gap-4">
          <Field label="Category Name" htmlFor={field('name')}>
            <input
              id={field('name')}
              required
              maxLength={BLOG_LIMITS.categoryName}
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              className={ui.input}
            />
          </Field>
          <Field label="Category Slug" htmlFor={field('slug')}>
            <input
              id={field('slug')}
              required
              maxLength={BLOG_LIMITS.categorySlug}
              placeholder="e.g. tech-news"
              value={values.slug}
              onChange={(event) => set('slug', event.target.value)}
              className={`${ui.input} font-mono`}
              autoCapitalize="none"
              spellCheck={false}
            />
          </Field>
          <Field label="Description (optional)" htmlFor={field('description')}>
            <textarea
              id={field('description')}
              rows={3}
              maxLength={BLOG_LIMITS.categoryDescription}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
              className={ui.input}
            />
          </Field>
        </div>
        {error ? (
          <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="mt-5 flex flex-wrap gap-3">
          <button type="submit" className={ui.button} disabled={busy}>
            <Save aria-hidden="true" className="size-4" />
            {busy ? 'Saving...' : editing ? 'Update Category' : 'Create Category'}
          </button>
          {editing ? (
            <button type="button" className={ui.buttonSecondary} onClick={onCancel} disabled={busy}>
              <X aria-hidden="true" className="size-4" />
              Cancel
            </button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

/** All Categories: 'No categories found.' when empty; name, /slug, description, Edit, Delete. */
export function CategoryList({
  categories,
  editingId,
  onEdit,
  onDelete,
}: {
  categories: UseQueryResult<Category[]>;
  editingId: number | null;
  /** Edit and Delete, for a role that may change categories (without them the list only shows). */
  onEdit?: ((category: Category) => void) | undefined;
  onDelete?: ((category: Category) => void) | undefined;
}) {
  return (
    <Card>
      <h2 id="admin-categories-heading" tabIndex={-1} className={`${ui.subheading} focus:outline-none`}>
        All Categories
      </h2>
      <div className="mt-4">
        {categories.status === 'pending' ? (
          <p role="status" className={ui.muted}>
            Loading...
          </p>
        ) : categories.status === 'error' ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {ADMIN_MESSAGES.loadCategories}
          </p>
        ) : categories.data.length === 0 ? (
          <p className={ui.muted}>No categories found.</p>
        ) : (
          <ul className="grid gap-3" aria-labelledby="admin-categories-heading">
            {categories.data.map((category) => (
              <li
                key={category.id}
                className={`rounded-lg border p-3 ${
                  editingId === category.id
                    ? 'border-indigo-500 dark:border-indigo-400'
                    : 'border-slate-200 dark:border-slate-800'
                }`}
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words text-slate-900 dark:text-white">{category.name}</h3>
                    <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">/{category.slug}</p>
                  </div>
                  {onEdit && onDelete ? (
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className={smallButton}
                        aria-label={`Edit ${category.name}`}
                        onClick={() => onEdit(category)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        Edit
                      </button>
                      <button
                        id={`delete-category-${category.id}`}
                        type="button"
                        className={smallDangerButton}
                        aria-label={`Delete ${category.name}`}
                        onClick={() => onDelete(category)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        Delete
                      </button>
                    </div>
                  ) : null}
                </div>
                {category.description ? (
                  <p className="mt-2 text-sm break-words text-slate-700 dark:text-slate-300">{category.description}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
