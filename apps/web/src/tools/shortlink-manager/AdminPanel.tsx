import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  shortUrl,
  type Account,
  type Shortlink,
  type ShortlinkInput,
  type ShortlinkPage,
  type ShortlinkUpdate,
} from '@toolvault/shared';
import { BarChart3, LayoutDashboard, List, Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { clearAdminToken } from '../../features/auth/admin-session';
import type { ApiFailure } from '../../lib/api';
import { fromApi, unlessUnauthorized, type ApiError } from '../../lib/query';
import { readAdminView, writeAdminView, type AdminTab, type AdminView } from './admin-view';
import { AdminTabs, panelId, TabPanel, tabId, type TabItem } from './AdminTabs';
import { pickWindow } from './analytics-window.service';
import { AnalyticsTab } from './AnalyticsTab';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OfflineNotice } from '../../components/OfflineNotice';
import { CsvImportDialog } from './CsvImportDialog';
import { LinkAnalyticsView } from './LinkAnalyticsView';
import { CreateTab } from './CreateTab';
import { siteOrigin } from './LinkParts';
import { ManageLinksTab } from './ManageLinksTab';
import { SignedInBanner } from './SignedInBanner';
import { useBulkActions } from './use-bulk-actions';
import { useLinkBulk } from './use-link-bulk';
import { managerTabs, openTab, type ManagerAccess } from './manager-access';
import { OverviewTab } from './OverviewTab';
import { shortlinkApi } from './shortlink-manager.api';
import {
  EMPTY_FORM,
  formFromLink,
  pageWithRows,
  validateCreateForm,
  validateUpdateForm,
  type LinkFormValues,
} from './shortlink-manager.service';
import {
  shortlinkKeys,
  useAnalytics,
  useLinkPage,
  useLinkSummary,
  useLinkTags,
  useUnauthorized,
} from './shortlink.queries';

type Tab = AdminTab;

const icon = 'size-4';
const TABS: readonly TabItem<Tab>[] = [
  { id: 'overview', label: 'Overview', icon: <LayoutDashboard aria-hidden="true" className={icon} /> },
  { id: 'create', label: 'Create Link', icon: <Plus aria-hidden="true" className={icon} /> },
  { id: 'manage', label: 'Manage Links', icon: <List aria-hidden="true" className={icon} /> },
  { id: 'analytics', label: 'Analytics', icon: <BarChart3 aria-hidden="true" className={icon} /> },
];
const TAB_PREFIX = 'shortlink-admin';

/** A failed load is also toasted, once per failure (a 401 ends the session instead). */
function useLoadFailureToast(error: ApiError | null): void {
  useEffect(() => {
    if (error && error.status !== 401) toast.error('Failed to load shortlinks', { description: error.message });
  }, [error]);
}

interface AdminPanelProps {
  token: string;
  /** Who is signed in, and what their role lets them use here. */
  account: Account;
  access: ManagerAccess;
  /** Called on Logout and when the token is refused (401), after the token was cleared. */
  onExit: () => void;
  focusOnMount?: boolean;
}

/**
 * The signed-in view: tabs Overview, Create Link, Manage Links, Analytics, those the role may use.
 * The tab, search, sort, tag, creator, page and analytics window live in the URL (admin-view.ts).
 */
export function AdminPanel({ token, account, access, onExit, focusOnMount = false }: AdminPanelProps) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readAdminView(params), [params]);
  const tabs = useMemo(() => TABS.filter((item) => managerTabs(access).includes(item.id)), [access]);
  // A tab the role may not use (a shared address, the default Overview for an Author) shows Manage Links.
  const tab = openTab(
    view.tab,
    tabs.map((item) => item.id),
  );
  const [form, setForm] = useState<LinkFormValues>(EMPTY_FORM);
  const [editing, setEditing] = useState<Shortlink | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<Shortlink | null>(null);
  const [focusTitle, setFocusTitle] = useState(0);
  const [pendingDelete, setPendingDelete] = useState<Shortlink | null>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const focusTab = useRef(focusOnMount);

  // The view the last change asked for. A change is applied to it rather than to the rendered view, because the
  // router renders a navigation in a transition: a second change right after the first (type, then pick a sort)
  // must not start from the view before the first.
  const latestView = useRef(view);
  useEffect(() => {
    latestView.current = view;
  }, [view]);
  const show = useCallback(
    (next: AdminView | ((current: AdminView) => AdminView)) => {
      const value = typeof next === 'function' ? next(latestView.current) : next;
      latestView.current = value;
      setParams(writeAdminView(value));
    },
    [setParams],
  );

  // Moves focus to the selected tab after a change the user did not make with the tab list
  // (Cancel Edit, Edit, a successful update), so focus never falls back to the page.
  useEffect(() => {
    if (!focusTab.current) return;
    focusTab.current = false;
    document.getElementById(tabId(TAB_PREFIX, tab))?.focus();
  }, [tab]);

  /** Any 401 from a protected call clears the token and returns to the gate. */
  const expire = useCallback(() => {
    clearAdminToken();
    toast.error('Session expired', { description: 'Please log in again.' });
    onExit();
  }, [onExit]);

  const linkOpen = view.link !== null && access.linkAnalytics;
  const showList = tab === 'manage' && !linkOpen;
  const page = useLinkPage(token, view, showList);
  // The tags in use are those of every link: read only for a role that sees them all.
  const tags = useLinkTags(token, showList && access.allLinks);
  const summary = useLinkSummary(token, tab === 'overview');
  const analytics = useAnalytics(token, pickWindow(view), tab === 'analytics');
  useUnauthorized(page.error, expire);
  useUnauthorized(tags.error, expire);
  useUnauthorized(summary.error, expire);
  useUnauthorized(analytics.error, expire);
  useLoadFailureToast(page.error);
  useLoadFailureToast(summary.error);

  /**
   * After links were added or changed: totals and tags (and, for new links, the lists) are asked
   * again, at once where shown, else when next shown.
   */
  const linksChanged = ({ list }: { list: boolean }) => {
    void queryClient.invalidateQueries({ queryKey: shortlinkKeys.summary });
    void queryClient.invalidateQueries({ queryKey: shortlinkKeys.tags });
    if (list) void queryClient.invalidateQueries({ queryKey: shortlinkKeys.lists });
  };
  /** Changes the rows of the loaded list pages in place, without asking the server. */
  const changeRows = (change: (items: Shortlink[]) => Shortlink[]) =>
    queryClient.setQueriesData<ShortlinkPage>({ queryKey: shortlinkKeys.lists }, (data) =>
      data ? pageWithRows(data, change) : data,
    );

  const create = useMutation({
    mutationFn: (input: ShortlinkInput) => fromApi(shortlinkApi.create(token, input)),
    onSuccess: () => linksChanged({ list: true }),
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: ShortlinkUpdate }) =>
      fromApi(shortlinkApi.update(token, id, input)),
    onSuccess: (updated) => {
      // The row changes where it is; the page is not fetched again.
      changeRows((items) => items.map((item) => (item.id === updated.id ? updated : item)));
      linksChanged({ list: false });
    },
  });
  const remove = useMutation({
    mutationFn: (link: Shortlink) => fromApi(shortlinkApi.remove(token, link.id)),
    onSuccess: (_answer, link) => {
      // The row leaves the page where it is; a page left empty asks for the rows after it.
      const shown = page.data?.items ?? [];
      changeRows((items) => items.filter((item) => item.id !== link.id));
      if (shown.length > 0 && shown.every((item) => item.id === link.id)) void page.refetch();
      linksChanged({ list: false });
    },
  });
  const unlessExpired = (otherwise: (error: ApiFailure) => void) => unlessUnauthorized(expire, otherwise);
  const { bulk, exportingClicks, exportFile, importFile, loadSample, ...csv } = useBulkActions({
    token,
    unlessExpired,
    onImported: () => linksChanged({ list: true }),
  });
  const linkBulk = useLinkBulk({ token, enabled: showList, unlessExpired });
  const saveFailed = (error: ApiFailure) => {
    setFormError(error.message);
    toast.error('Failed to save shortlink', { description: error.message });
  };

  const selectTab = (next: Tab) => {
    if (next === tab) return;
    // Analytics are read fresh each time the tab opens (clicks arrive all the time).
    if (next === 'analytics') void queryClient.invalidateQueries({ queryKey: ['shortlinks', 'analytics'] });
    show((current) => ({ ...current, tab: next, link: null }));
  };

  const goTo = (next: Tab) => {
    focusTab.current = true;
    selectTab(next);
  };

  const resetForm = () => {
    setForm(EMPTY_FORM);
    setEditing(null);
    setFormError(null);
  };

  const startEdit = (link: Shortlink) => {
    setEditing(link);
    setForm(formFromLink(link));
    setFormError(null);
    setCreated(null);
    show((current) => ({ ...current, tab: 'create', link: null }));
    setFocusTitle((count) => count + 1);
  };

  const cancelEdit = () => {
    resetForm();
    goTo('overview');
  };

  const refuse = (error: string) => {
    setFormError(error);
    toast.error(error);
  };

  const submit = () => {
    setFormError(null);
    if (editing) {
      const valid = validateUpdateForm(form);
      if (!valid.ok) return refuse(valid.error);
      update.mutate(
        { id: editing.id, input: valid.value },
        {
          onSuccess: () => {
            toast.success('Shortlink updated successfully');
            resetForm();
            goTo('overview');
          },
          onError: unlessExpired(saveFailed),
        },
      );
      return;
    }
    const valid = validateCreateForm(form);
    if (!valid.ok) return refuse(valid.error);
    setCreated(null);
    create.mutate(valid.value, {
      onSuccess: (link) => {
        toast.success('Shortlink created', { description: shortUrl(siteOrigin(), link.shortCode) });
        setCreated(link);
        resetForm();
      },
      onError: unlessExpired(saveFailed),
    });
  };

  const confirmDelete = () => {
    const link = pendingDelete;
    if (!link) return;
    remove.mutate(link, {
      onSettled: () => setPendingDelete(null),
      onSuccess: () => {
        toast.success('Shortlink deleted successfully');
        if (editing?.id === link.id) resetForm();
        if (created?.id === link.id) setCreated(null);
      },
      onError: unlessExpired((error) => toast.error('Failed to delete shortlink', { description: error.message })),
    });
  };

  const clearFocusRow = useCallback(() => setFocusRow(null), []);

  const origin = `${siteOrigin()}/`;

  return (
    <div className="space-y-6">
      <OfflineNotice
        what="The shortlink manager"
        onRetry={() => {
          if (tab === 'overview') void summary.refetch();
          if (tab === 'manage') {
            void page.refetch();
            void tags.refetch();
          }
          if (tab === 'analytics') void analytics.refetch();
        }}
      />
      <SignedInBanner account={account} onExit={onExit} />

      <AdminTabs
        label="Shortlink manager sections"
        tabs={tabs}
        selected={tab}
        onSelect={selectTab}
        idPrefix={TAB_PREFIX}
      />

      <TabPanel idPrefix={TAB_PREFIX} id={tab}>
        {tab === 'overview' ? (
          <OverviewTab
            summary={summary}
            onRetry={() => void summary.refetch()}
            onCreate={() => goTo('create')}
            onLoadSample={() => void loadSample()}
            sampleBusy={bulk !== null}
          />
        ) : tab === 'create' ? (
          <CreateTab
            token={token}
            created={created}
            values={form}
            onChange={setForm}
            editingCode={editing?.shortCode ?? null}
            busy={create.isPending || update.isPending}
            error={formError}
            onSubmit={submit}
            onCancelEdit={cancelEdit}
            origin={origin}
            focusTitle={focusTitle}
          />
        ) : tab === 'manage' && linkOpen && view.link !== null ? (
          <LinkAnalyticsView
            token={token}
            id={view.link}
            analyticsWindow={pickWindow(view)}
            onWindowChange={(choice) => show((current) => ({ ...current, ...pickWindow(choice) }))}
            onBack={() => {
              setFocusRow(view.link);
              show((current) => ({ ...current, link: null }));
            }}
            onUnauthorized={expire}
          />
        ) : tab === 'manage' ? (
          <ManageLinksTab
            view={view}
            access={access}
            page={page}
            tags={tags}
            busy={bulk}
            onView={show}
            onRetry={() => void page.refetch()}
            onEdit={startEdit}
            onDelete={setPendingDelete}
            onExport={(format) => void exportFile('links', format)}
            onImportFile={(file) => void importFile(file)}
            onLoadSample={() => void loadSample()}
            onCreate={() => goTo('create')}
            focusRow={focusRow}
            onRowFocused={clearFocusRow}
            linkBulk={linkBulk}
          />
        ) : (
          <AnalyticsTab
            state={analytics}
            onRefresh={() => void analytics.refetch()}
            analyticsWindow={pickWindow(view)}
            onWindowChange={(choice) => show((current) => ({ ...current, ...pickWindow(choice) }))}
            exportingClicks={exportingClicks}
            onExportClicks={(format) => void exportFile('clicks', format)}
          />
        )}
      </TabPanel>

      {csv.csvImport ? (
        <CsvImportDialog
          key={csv.csvImport.serial}
          fileName={csv.csvImport.fileName}
          table={csv.csvImport.table}
          onCheck={csv.checkCsvRows}
          onImport={csv.importCsvRows}
          onClose={csv.closeCsvImport}
        />
      ) : null}
      {pendingDelete ? (
        <ConfirmDialog
          title="Delete this shortlink?"
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
          busy={remove.isPending}
          fallbackFocusId={panelId(TAB_PREFIX, tab)}
          onCancel={() => setPendingDelete(null)}
          onConfirm={confirmDelete}
        >
          <p className="[overflow-wrap:anywhere]">
            “{pendingDelete.title}” ({shortUrl(siteOrigin(), pendingDelete.shortCode)}) and its click history will be
            removed. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
