import type { BlogPost, BlogPostSummary, Category } from '@toolvault/shared';
import { LogOut } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Meta } from '../../components/Head';
import { Page } from '../../components/Page';
import { ui } from '../../components/ui';
import type { ApiResult } from '../../lib/api';
import { AdminLoginForm } from '../auth/AdminLoginForm';
import { logout } from '../auth/login';
import { clearAdminToken, getAdminToken, useAdminToken } from '../auth/admin-session';
import { PAGE_PARAM, pageFromParam } from '../blog/blog.service';
import { asList, useApiLoad } from '../blog/use-api-load';
import { blogAdminApi } from './blog-admin.api';
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

/** /blog-admin: the admin login form when logged out, the blog's management when logged in. */
export default function BlogAdminPage() {
  const token = useAdminToken();
  if (!token) {
    return (
      <Page title="Blog Admin" width="narrow">
        <Meta name="robots" content="noindex" />
        <OfflineNotice what="Blog admin" />
        <div className="py-12">
          <AdminLoginForm title="Admin Login" headingLevel={1} />
        </div>
      </Page>
    );
  }
  return <BlogAdmin />;
}

type PendingDelete = { kind: 'post'; item: BlogPostSummary } | { kind: 'category'; item: Category };
/** Query parameter of /blog-admin holding the title search of the post list. */
const SEARCH_PARAM = 'q';

/** Runs a protected call; null means the session ended (401) and the page is leaving. */
type Protected = <T>(call: (token: string | null) => Promise<ApiResult<T>>) => Promise<ApiResult<T> | null>;

function BlogAdmin() {
  const navigate = useNavigate();
  const expired = useRef(false);

  /** Any 401 from a protected call clears the token and goes to /login. */
  const expire = useCallback(() => {
    if (expired.current) return;
    expired.current = true;
    clearAdminToken();
    toast.error('Session expired', { description: 'Please log in again.' });
    void navigate('/login', { replace: true });
  }, [navigate]);

  const protectedCall: Protected = useCallback(
    async (call) => {
      // The token is read at call time: one replaced or cleared meanwhile is the one that counts.
      const result = await call(getAdminToken());
      if (!result.ok && result.status === 401) {
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
  const showPosts = (next: { page?: number; search?: string }) => {
    const query = new URLSearchParams(params);
    const nextSearch = next.search ?? search;
    const nextPage = next.page ?? 1;
    if (nextSearch) query.set(SEARCH_PARAM, nextSearch);
    else query.delete(SEARCH_PARAM);
    if (nextPage > 1) query.set(PAGE_PARAM, String(nextPage));
    else query.delete(PAGE_PARAM);
    setParams(query);
  };
  const [posts, reloadPosts] = useApiLoad(`admin-posts:${postPage}:${search}`, (signal) =>
    blogAdminApi.posts(getAdminToken(), { page: postPage, q: search }, signal),
  );
  const [categories, reloadCategories] = useApiLoad('admin-categories', async (signal) =>
    asList(await blogAdminApi.categories(signal)),
  );
  const [messages, reloadMessages] = useApiLoad('admin-contact', (signal) =>
    blogAdminApi.contactMessages(getAdminToken(), null, signal),
  );
  useEffect(() => {
    for (const state of [posts, messages]) if (state.status === 'error' && state.httpStatus === 401) expire();
  }, [posts, messages, expire]);

  const categoryList = categories.status === 'ready' ? categories.data : [];

  // Post form: create → edit on Edit, back to create on Cancel or after a save.
  const [postForm, setPostForm] = useState<PostFormValues>(EMPTY_POST_FORM);
  const [editingPost, setEditingPost] = useState<BlogPost | null>(null);
  const [postProblem, setPostProblem] = useState<SaveProblem | null>(null);
  const [editorGeneration, setEditorGeneration] = useState(0);
  const [savingPost, setSavingPost] = useState(false);

  // Category form: the same states.
  const [categoryForm, setCategoryForm] = useState<CategoryFormValues>(EMPTY_CATEGORY_FORM);
  const [editingCategory, setEditingCategory] = useState<Category | null>(null);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [savingCategory, setSavingCategory] = useState(false);

  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [deleting, setDeleting] = useState(false);

  const resetPostForm = () => {
    setPostForm(EMPTY_POST_FORM);
    setEditorGeneration((value) => value + 1);
    setEditingPost(null);
    setPostProblem(null);
  };
  const resetCategoryForm = () => {
    setCategoryForm(EMPTY_CATEGORY_FORM);
    setEditingCategory(null);
    setCategoryError(null);
  };

  const savePost = async () => {
    const payload = postPayloadFromForm(postForm);
    if (!payload.ok) {
      setPostProblem({ message: payload.error });
      return;
    }
    setSavingPost(true);
    setPostProblem(null);
    const editing = editingPost;
    const result = await protectedCall((token) =>
      editing
        ? blogAdminApi.updatePost(token, editing.id, payload.value)
        : blogAdminApi.createPost(token, payload.value),
    );
    setSavingPost(false);
    if (!result) return;
    if (!result.ok) {
      setPostProblem(postSaveProblem(result));
      return;
    }
    resetPostForm();
    reloadPosts();
    toast.success(editing ? 'Post updated' : 'Post created', { description: payload.value.title });
  };

  const saveCategory = async () => {
    const payload = categoryPayloadFromForm(categoryForm);
    if (!payload.ok) {
      setCategoryError(payload.error);
      return;
    }
    setSavingCategory(true);
    setCategoryError(null);
    const editing = editingCategory;
    const result = await protectedCall((token) =>
      editing
        ? blogAdminApi.updateCategory(token, editing.id, payload.value)
        : blogAdminApi.createCategory(token, payload.value),
    );
    setSavingCategory(false);
    if (!result) return;
    if (!result.ok) {
      setCategoryError(categorySaveProblem(result).message);
      return;
    }
    resetCategoryForm();
    reloadCategories();
    toast.success(editing ? 'Category updated' : 'Category created', { description: payload.value.name });
    // Posts show their category's name.
    if (editing) reloadPosts();
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    const { kind, item } = pendingDelete;
    const result = await protectedCall((token) =>
      kind === 'post' ? blogAdminApi.deletePost(token, item.id) : blogAdminApi.deleteCategory(token, item.id),
    );
    setDeleting(false);
    setPendingDelete(null);
    if (!result) return;
    // The original design ignores non-401 delete failures silently; a toast tells the admin instead.
    if (!result.ok) {
      toast.error(kind === 'post' ? 'Failed to delete post' : 'Failed to delete category', {
        description: result.error,
      });
    } else if (kind === 'post') {
      toast.success('Post deleted', { description: item.title });
      if (editingPost?.id === item.id) resetPostForm();
    } else {
      toast.success('Category deleted', { description: item.name });
      if (editingCategory?.id === item.id) resetCategoryForm();
      // Its posts become uncategorised.
      setPostForm((current) => (current.category_id === String(item.id) ? { ...current, category_id: '' } : current));
    }
    reloadPosts();
    if (kind === 'category') reloadCategories();
  };

  // The list holds summaries: the whole post (its HTML) is loaded when the admin chooses Edit.
  const startEditPost = async (summary: BlogPostSummary) => {
    const result = await protectedCall((token) => blogAdminApi.post(token, summary.slug));
    if (!result) return;
    if (!result.ok) {
      toast.error('Failed to load the post', { description: result.error });
      return;
    }
    const post: BlogPost = result.data;
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
    reloadPosts();
    reloadCategories();
    reloadMessages();
  };

  return (
    <Page title="Blog Admin" width="wide">
      <Meta name="robots" content="noindex" />
      <OfflineNotice what="Blog admin" onRetry={retryLoads} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className={ui.heading}>Blog Admin</h1>
        <button
          type="button"
          className={ui.buttonSecondary}
          onClick={() => {
            void logout();
            toast.success('Logged Out', { description: 'Admin access revoked' });
          }}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </button>
      </div>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="grid content-start gap-6">
          <div id="category-form-anchor" className="scroll-mt-24">
            <CategoryForm
              values={categoryForm}
              onChange={(patch) => setCategoryForm((current) => ({ ...current, ...patch }))}
              editing={editingCategory !== null}
              busy={savingCategory}
              error={categoryError}
              onSubmit={() => void saveCategory()}
              onCancel={resetCategoryForm}
            />
          </div>
          <CategoryList
            categories={categories}
            editingId={editingCategory?.id ?? null}
            onEdit={startEditCategory}
            onDelete={(category) => setPendingDelete({ kind: 'category', item: category })}
          />
        </div>
        <div className="grid content-start gap-6 lg:col-span-2">
          <div id="post-form-anchor" className="scroll-mt-24">
            <PostForm
              values={postForm}
              onChange={(patch) => setPostForm((current) => ({ ...current, ...patch }))}
              categories={categoryList}
              editing={editingPost !== null}
              editorKey={`editor-${editorGeneration}`}
              busy={savingPost}
              problem={postProblem}
              onSubmit={() => void savePost()}
              onCancel={resetPostForm}
            />
          </div>
          <PostList
            posts={posts}
            search={search}
            page={postPage}
            editingId={editingPost?.id ?? null}
            onEdit={(post) => void startEditPost(post)}
            onDelete={(post) => setPendingDelete({ kind: 'post', item: post })}
            onSearch={(text) => showPosts({ search: text })}
            onPage={(page) => showPosts({ page })}
          />
        </div>
      </div>

      <ContactMessages
        messages={messages}
        loadMore={(cursor) => protectedCall((token) => blogAdminApi.contactMessages(token, cursor))}
      />

      {pendingDelete ? (
        <ConfirmDialog
          title={
            pendingDelete.kind === 'post' ? ADMIN_MESSAGES.confirmDeletePost : ADMIN_MESSAGES.confirmDeleteCategory
          }
          confirmLabel={deleting ? 'Deleting...' : 'Delete'}
          busy={deleting}
          fallbackFocusId={pendingDelete.kind === 'post' ? 'admin-posts-heading' : 'admin-categories-heading'}
          onCancel={() => setPendingDelete(null)}
          onConfirm={() => void confirmDelete()}
        >
          <p className="[overflow-wrap:anywhere]">
            {pendingDelete.kind === 'post'
              ? `“${pendingDelete.item.title}” will be removed. This cannot be undone.`
              : `“${pendingDelete.item.name}” will be removed; its posts stay, without a category.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}

/** After Edit, the form comes into view and its first field takes focus. */
function focusForm(anchorId: string) {
  requestAnimationFrame(() => {
    const anchor = document.getElementById(anchorId);
    // jsdom (unit tests) has no scrollIntoView.
    anchor?.scrollIntoView?.({ block: 'start' });
    anchor?.querySelector<HTMLElement>('input, textarea, select')?.focus({ preventScroll: true });
  });
}
