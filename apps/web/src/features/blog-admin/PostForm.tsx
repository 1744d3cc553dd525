import { BLOG_LIMITS, type Category } from '@toolvault/shared';
import { Save, Wand2, X } from 'lucide-react';
import { lazy, Suspense, useId, type FormEvent, type ReactNode } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import type { BlogAccess } from './blog-admin-access';
import { EDITOR_PLACEHOLDER, slugFromTitle, type PostFormValues, type SaveProblem } from './blog-admin.service';

// Quill is fetched only when this form renders (docs/decisions/0008-quality-bars.md: the editor loads only on its page).
const RichTextEditor = lazy(() => import('./RichTextEditor'));

interface PostFormProps {
  values: PostFormValues;
  /** A change of some fields; applied to the latest values (the editor may report during a render). */
  onChange: (patch: Partial<PostFormValues>) => void;
  categories: readonly Category[];
  /** What the person's role allows: the byline and the Published switch follow it. */
  access: Pick<BlogAccess, 'anyByline' | 'publish' | 'displayName'>;
  editing: boolean;
  /** Changes whenever the form is filled or emptied from outside (Edit, Cancel, after a save): a fresh editor loads the content. */
  editorKey: string;
  busy: boolean;
  problem: SaveProblem | null;
  onSubmit: () => void;
  onCancel: () => void;
}

/** New Post / Edit Post: title, slug, cover, author, tags, category, published and content. */
export function PostForm({
  values,
  onChange,
  categories,
  access,
  editing,
  editorKey,
  busy,
  problem,
  onSubmit,
  onCancel,
}: PostFormProps) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const errorId = field('error');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby={field('heading')}>
        <h2 id={field('heading')} tabIndex={-1} className={`${ui.subheading} focus:outline-none`}>
          {editing ? 'Edit Post' : 'New Post'}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field label="Title" htmlFor={field('title')} className="sm:col-span-2">
            <input
              id={field('title')}
              required
              maxLength={BLOG_LIMITS.title}
              value={values.title}
              onChange={(event) => set('title', event.target.value)}
              className={ui.input}
            />
          </Field>
          <Field
            label="Slug"
            htmlFor={field('slug')}
            hint="Unique; lower-case letters, digits and hyphens."
            className="sm:col-span-2"
          >
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={field('slug')}
                required
                maxLength={BLOG_LIMITS.postSlug}
                placeholder="e.g. my-first-post"
                value={values.slug}
                onChange={(event) => set('slug', event.target.value)}
                aria-describedby={`${field('slug')}-hint`}
                className={`${ui.input} font-mono`}
                autoCapitalize="none"
                spellCheck={false}
              />
              <button
                type="button"
                className={`${ui.buttonSecondary} shrink-0`}
                onClick={() => set('slug', slugFromTitle(values.title))}
                disabled={values.title.trim() === ''}
              >
                <Wand2 aria-hidden="true" className="size-4" />
                Generate from title
              </button>
            </div>
          </Field>
          <Field label="Cover Image URL" htmlFor={field('cover')} className="sm:col-span-2">
            <input
              id={field('cover')}
              type="url"
              inputMode="url"
              maxLength={BLOG_LIMITS.coverImage}
              placeholder="https://example.com/cover.jpg"
              value={values.cover_image}
              onChange={(event) => set('cover_image', event.target.value)}
              className={ui.input}
            />
          </Field>
          {/* Below Editor, a post's byline is its writer's display name: the server sets it. */}
          <Field
            label="Author"
            htmlFor={field('author')}
            hint={access.anyByline ? undefined : 'Your display name, as on all your posts.'}
          >
            <input
              id={field('author')}
              maxLength={BLOG_LIMITS.author}
              placeholder="Admin"
              value={access.anyByline ? values.author : access.displayName}
              onChange={(event) => set('author', event.target.value)}
              className={ui.input}
              autoComplete="name"
              readOnly={!access.anyByline}
              aria-describedby={access.anyByline ? undefined : `${field('author')}-hint`}
            />
          </Field>
          <Field label="Category" htmlFor={field('category')}>
            <select
              id={field('category')}
              value={values.category_id}
              onChange={(event) => set('category_id', event.target.value)}
              className={ui.input}
            >
              <option value="">Select Category</option>
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Tags (comma separated)" htmlFor={field('tags')} className="sm:col-span-2">
            <input
              id={field('tags')}
              placeholder="security, tutorial"
              value={values.tags}
              onChange={(event) => set('tags', event.target.value)}
              className={ui.input}
            />
          </Field>
          <div className="sm:col-span-2">
            <span id={field('content-label')} className={ui.label}>
              Content
            </span>
            <Suspense
              fallback={
                <p
                  role="status"
                  className={`flex min-h-[242px] items-center justify-center rounded-lg border border-slate-300 dark:border-slate-700 ${ui.muted}`}
                >
                  Loading editor...
                </p>
              }
            >
              <RichTextEditor
                key={editorKey}
                labelId={field('content-label')}
                initialValue={values.content}
                onChange={(html) => set('content', html)}
                placeholder={EDITOR_PLACEHOLDER}
                errorId={problem ? errorId : undefined}
              />
            </Suspense>
          </div>
          <div className="sm:col-span-2">
            <div className="flex items-center gap-2">
              <input
                id={field('published')}
                type="checkbox"
                checked={access.publish && values.published}
                disabled={!access.publish}
                onChange={(event) => set('published', event.target.checked)}
                aria-describedby={access.publish ? undefined : `${field('published')}-hint`}
                className="size-4 rounded border-slate-400 text-indigo-600 accent-indigo-600 dark:accent-indigo-400"
              />
              <label htmlFor={field('published')} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                Published
              </label>
            </div>
            {access.publish ? null : (
              <p id={`${field('published')}-hint`} className={`mt-1 ${ui.muted}`}>
                Your role saves posts as drafts; an Editor publishes them.
              </p>
            )}
          </div>
        </div>

        {problem ? (
          <div id={errorId} role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
            <p>{problem.message}</p>
            {problem.detail ? <p className="mt-1">{problem.detail}</p> : null}
          </div>
        ) : null}

        <div className="mt-5 flex flex-wrap gap-3">
          <button type="submit" className={ui.button} disabled={busy}>
            <Save aria-hidden="true" className="size-4" />
            {busy ? 'Saving...' : editing ? 'Update Post' : 'Create Post'}
          </button>
          <button type="button" className={ui.buttonSecondary} onClick={onCancel} disabled={busy}>
            <X aria-hidden="true" className="size-4" />
            Cancel
          </button>
        </div>
      </form>
    </Card>
  );
}

export function Field({
  label,
  htmlFor,
  hint,
  className = '',
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className={ui.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${htmlFor}-hint`} className={`mt-1 ${ui.muted}`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
