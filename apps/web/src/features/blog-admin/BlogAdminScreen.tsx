import {
  PAGE_PARAM,
  pageFromParam,
  type BlogPost,
  type BlogPostSummary,
  type Category,
  type CategoryInput,
  type PostInput,
} from '@toolvault/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OfflineNotice } from '../../components/OfflineNotice';
import { ui } from '../../components/ui';
import type { ApiFailure, ApiResult } from '../../lib/api';
import { fromApi, unlessUnauthorized } from '../../lib/query';
import { getAdminToken } from '../auth/admin-session';
import { blogKeys, categoriesQuery } from '../blog/blog.queries';
import { ADMIN_PAGE_SIZE, blogAdminApi } from './blog-admin.api';
import type { BlogAccess } from './blog-admin-access';
import {
  ADMIN_MESSAGES,
  categoryFormFromCategory,
  categoryPayloadFromForm,
  categorySaveProblem,
  EMPTY_CATEGORY_FORM,
  EMPTY_POST_FORM,
  postFormFromPost,
  postPayloadFromForm,
  postSaveProblem,
  type CategoryFormValues,
  type PostFormValues,
  type SaveProblem,
} from './blog-admin.service';
import { CategoryForm, CategoryList } from './CategoryPanel';
import { ContactMessages } from './ContactMessages';
import { PostForm } from './PostForm';
import { PostList } from './PostList';
import { readPersonChoice, type PersonChoice } from '../team/people-choices';

type PendingDelete = { kind: 'post'; item: BlogPostSummary } | { kind: 'category'; item: Category };
/** Query parameters of /blog-admin holding the title search of the post list, and `me` for one's own posts. */
const SEARCH_PARAM = 'q';
const WRITER_PARAM = 'by';

/** Runs a protected call; null means the session ended (401) and the page is leaving. */
type Protected = <T>(call: (token: string | null) => Promise<ApiResult<T>>) => Promise<ApiResult<T> | null>;

/** What a save or delete sends; the token is read when it is sent. */
type PostSave = { editing: BlogPost | null; body: PostInput };
type CategorySave = { editing: Category | null; body: CategoryInput };

/** The inbox's query key: not under 'blog', so the blog's changes leave loaded messages alone. */
const CONTACT_KEY = ['contact-messages'] as const;

/**
 * The blog's management for a signed-in person: categories, posts and the inbox, as far as their role
 * goes (blog-admin-access.ts); `expire` logs out after a 401.
 */
export function BlogAdmin({ access, expire }: { access: BlogAccess; expire: () => void }) {
  const queryClient = useQueryClient();

  const protectedCall: Protected = useCallback(
    async (call) => {
      // The token is read at call time: one replaced or cleared meanwhile is the one that counts.
      const result = await call(getAdminToken());
      if (!result.ok && result.error.status === 401) {
        expire();
        return null;
      }
      return result;
    },
    [expire],
  );

  // The list's page and title search live in the address, so a reload or a shared link shows the same view.
  const [params, setParams] = useSearchParams();
  const postPage = pageFromParam(params.get(PAGE_PARAM));
  const search = params.get(SEARCH_PARAM)?.trim() ?? '';
  const writer = readPersonChoice(params.get(WRITER_PARAM));
  const showPosts = (next: { page?: number; search?: string; writer?: PersonChoice }) => {
    const query = new URLSearchParams(params);
    const nextSearch = next.search ?? search;
    const nextPage = next.page ?? 1;
    if (nextSearch) query.set(SEARCH_PARAM, nextSearch);
    else query.delete(SEARCH_PARAM);
    const nextWriter = next.writer ?? writer;
    if (nextWriter !== 'all') query.set(WRITER_PARAM, nextWriter);
    else query.delete(WRITER_PARAM);
    if (nextPage > 1) query.set(PAGE_PARAM, String(nextPage));
    else query.delete(PAGE_PARAM);
    setParams(query);
  };
  // With the token the list includes drafts: its key is the admin's, apart from the visitors' pages.
  // A Contributor's list holds only their own posts anyway: no filter is sent for them.
  const author = writer === 'all' || !access.readAll ? undefined : writer === 'me' ? writer : Number(writer);
  const posts = useQuery({
    queryKey: blogKeys.posts({ page: postPage, q: search, limit: ADMIN_PAGE_SIZE, author }, 'admin'),
    queryFn: ({ signal }) =>
      fromApi(blogAdminApi.posts(getAdminToken(), { page: postPage, q: search, author }, signal)),
  });
  const categories = useQuery(categoriesQuery());
  // The inbox may hold thousands: the first page comes with the screen, "Load more" asks for older ones.
  const messages = useInfiniteQuery({
    queryKey: CONTACT_KEY,
    queryFn: ({ signal, pageParam }) => fromApi(blogAdminApi.contactMessages(getAdminToken(), pageParam, signal)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Only a role with the inbox asks for it (the others would be refused).
    enabled: access.inbox,
  });
  useEffect(() => {
    if (posts.error?.status === 401 || messages.error?.status === 401) expire();
  }, [posts.error, messages.error, expire]);

  const categoryList = categories.data ?? [];
  const reloadCategories = () => queryClient.invalidateQueries({ queryKey: blogKeys.categories });
  const unlessExpired = (otherwise: (error: ApiFailure) => void) => unlessUnauthorized(expire, otherwise);

  const postSave = useMutation({
    mutationFn: ({ editing, body }: PostSave) =>
      fromApi(
        editing
          ? blogAdminApi.updatePost(getAdminToken(), editing.id, body)
          : blogAdminApi.createPost(getAdminToken(), body),
      ),
    // The lists and the post's own page show the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all, predicate: isPostQuery }),
  });
  const categorySave = useMutation({
    mutationFn: ({ editing, body }: CategorySave) =>
      fromApi(
        editing
          ? blogAdminApi.updateCategory(getAdminToken(), editing.id, body)
          : blogAdminApi.createCategory(getAdminToken(), body),
      ),
    onSuccess: async (_category, { editing }) => {
      await reloadCategories();
      // Posts show their category's name.
      if (editing) await queryClient.invalidateQueries({ queryKey: blogKeys.all, predicate: isPostQuery });
    },
  });
  const remove = useMutation({
    mutationFn: ({ kind, item }: PendingDelete) =>
      fromApi(
        kind === 'post'
          ? blogAdminApi.deletePost(getAdminToken(), item.id)
          : blogAdminApi.deleteCategory(getAdminToken(), item.id),
      ),
    // Asked again whatever the answer: a failed delete may still have removed the row.
    onSettled: async (_answer, error, { kind }) => {
      if (error?.status === 401) return;
      await queryClient.invalidateQueries({ queryKey: blogKeys.all, predicate: isPostQuery });
      // A category's posts become uncategorised.
      if (kind === 'category') await reloadCategories();
    },
  });

  // Post form: create → edit on Edit, back to create on Cancel or after a save. A new post's byline
  // starts as the writer's display name.
  const emptyPost = { ...EMPTY_POST_FORM, author: access.displayName };
  const [postForm, setPostForm] = useState<PostFormValues>(emptyPost);
  const [editingPost, setEditingPost] = useState<BlogPost | null>(null);
  const [postProblem, setPostProblem] = useState<SaveProblem | null>(null);
  const [editorGeneration, setEditorGeneration] = useState(0);

  // Category form: the same states.
  const [categoryForm, setCategoryForm] = useState<CategoryFormValues>(EMPTY_CATEGORY_FORM);
  const [editingCategory, setEditingCategory] = useState<Category | null>(null);
  const [categoryError, setCategoryError] = useState<string | null>(null);

  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);

  const resetPostForm = () => {
    setPostForm(emptyPost);
    setEditorGeneration((value) => value + 1);
    setEditingPost(null);
    setPostProblem(null);
  };
  const resetCategoryForm = () => {
    setCategoryForm(EMPTY_CATEGORY_FORM);
    setEditingCategory(null);
    setCategoryError(null);
  };

  const savePost = () => {
    // Whoever may not publish saves drafts (the server would refuse anything else).
    const payload = postPayloadFromForm({ ...postForm, published: access.publish && postForm.published });
    if (!payload.ok) {
      setPostProblem({ message: payload.error });
      return;
    }
    setPostProblem(null);
    const editing = editingPost;
    postSave.mutate(
      { editing, body: payload.value },
      {
        onSuccess: () => {
          resetPostForm();
          toast.success(editing ? 'Post updated' : 'Post created', { description: payload.value.title });
        },
        onError: unlessExpired((error) => setPostProblem(postSaveProblem(error))),
      },
    );
  };

  const saveCategory = () => {
    const payload = categoryPayloadFromForm(categoryForm);
    if (!payload.ok) {
      setCategoryError(payload.error);
      return;
    }
    setCategoryError(null);
    const editing = editingCategory;
    categorySave.mutate(
      { editing, body: payload.value },
      {
        onSuccess: () => {
          resetCategoryForm();
          toast.success(editing ? 'Category updated' : 'Category created', { description: payload.value.name });
        },
        onError: unlessExpired((error) => setCategoryError(categorySaveProblem(error).message)),
      },
    );
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const { kind, item } = pendingDelete;
    remove.mutate(pendingDelete, {
      onSettled: () => setPendingDelete(null),
      onSuccess: () => {
        if (kind === 'post') {
          toast.success('Post deleted', { description: item.title });
          if (editingPost?.id === item.id) resetPostForm();
        } else {
          toast.success('Category deleted', { description: item.name });
          if (editingCategory?.id === item.id) resetCategoryForm();
          // Its posts become uncategorised.
          setPostForm((current) =>
            current.category_id === String(item.id) ? { ...current, category_id: '' } : current,
          );
        }
      },
      // The original design ignores non-401 delete failures silently; a toast tells the admin instead.
      onError: unlessExpired((error) =>
        toast.error(kind === 'post' ? 'Failed to delete post' : 'Failed to delete category', {
          description: error.message,
        }),
      ),
    });
  };

  // The list holds summaries: the whole post (its HTML) is loaded when the admin chooses Edit.
  const startEditPost = async (summary: BlogPostSummary) => {
    const result = await protectedCall((token) => blogAdminApi.post(token, summary.slug));
    if (!result) return;
    if (!result.ok) {
      toast.error('Failed to load the post', { description: result.error.message });
      return;
    }
    const post: BlogPost = result.value;
    setEditingPost(post);
    setPostForm(postFormFromPost(post));
    setEditorGeneration((value) => value + 1);
    setPostProblem(null);
    focusForm('post-form-anchor');
  };
  const startEditCategory = (category: Category) => {
    setEditingCategory(category);
    setCategoryForm(categoryFormFromCategory(category));
    setCategoryError(null);
    focusForm('category-form-anchor');
  };

  const retryLoads = () => {
    void posts.refetch();
    void categories.refetch();
    void messages.refetch();
  };

  return (
    <>
      <OfflineNotice what="Blog admin" onRetry={retryLoads} />
      <p className={`mb-6 ${ui.muted}`}>Signed in as {access.displayName}</p>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="grid content-start gap-6">
          {access.categories ? (
            <div id="category-form-anchor">
              <CategoryForm
                values={categoryForm}
                onChange={(patch) => setCategoryForm((current) => ({ ...current, ...patch }))}
                editing={editingCategory !== null}
                busy={categorySave.isPending}
                error={categoryError}
                onSubmit={saveCategory}
                onCancel={resetCategoryForm}
              />
            </div>
          ) : null}
          <CategoryList
            categories={categories}
            editingId={editingCategory?.id ?? null}
            onEdit={access.categories ? startEditCategory : undefined}
            onDelete={
              access.categories ? (category) => setPendingDelete({ kind: 'category', item: category }) : undefined
            }
          />
        </div>
        <div className="grid content-start gap-6 lg:col-span-2">
          {access.write ? (
            <div id="post-form-anchor">
              <PostForm
                values={postForm}
                onChange={(patch) => setPostForm((current) => ({ ...current, ...patch }))}
                categories={categoryList}
                access={access}
                editing={editingPost !== null}
                editorKey={`editor-${editorGeneration}`}
                busy={postSave.isPending}
                problem={postProblem}
                onSubmit={savePost}
                onCancel={resetPostForm}
              />
            </div>
          ) : null}
          <PostList
            posts={posts}
            access={access}
            search={search}
            writer={writer}
            onWriter={(next) => showPosts({ writer: next })}
            page={postPage}
            editingId={editingPost?.id ?? null}
            onEdit={(post) => void startEditPost(post)}
            onDelete={(post) => setPendingDelete({ kind: 'post', item: post })}
            onSearch={(text) => showPosts({ search: text })}
            onPage={(page) => showPosts({ page })}
          />
        </div>
      </div>

      {access.inbox ? <ContactMessages messages={messages} /> : null}

      {pendingDelete ? (
        <ConfirmDialog
          title={
            pendingDelete.kind === 'post' ? ADMIN_MESSAGES.confirmDeletePost : ADMIN_MESSAGES.confirmDeleteCategory
          }
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
          busy={remove.isPending}
          fallbackFocusId={pendingDelete.kind === 'post' ? 'admin-posts-heading' : 'admin-categories-heading'}
          onCancel={() => setPendingDelete(null)}
          onConfirm={confirmDelete}
        >
          <p className="[overflow-wrap:anywhere]">
            {pendingDelete.kind === 'post'
              ? `“${pendingDelete.item.title}” will be removed. This cannot be undone.`
              : `“${pendingDelete.item.name}” will be removed; its posts stay, without a category.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** The blog's queries that hold posts (lists and single posts), not the categories. */
const isPostQuery = ({ queryKey }: { queryKey: readonly unknown[] }) =>
  queryKey[1] === 'posts' || queryKey[1] === 'post';

/** After Edit, the form comes into view and its first field takes focus. */
function focusForm(anchorId: string) {
  requestAnimationFrame(() => {
    const anchor = document.getElementById(anchorId);
    // jsdom (unit tests) has no scrollIntoView.
    anchor?.scrollIntoView?.({ block: 'start' });
    anchor?.querySelector<HTMLElement>('input, textarea, select')?.focus({ preventScroll: true });
  });
}
