import { shortUrl, type ExportFormat, type Shortlink } from '@toolvault/shared';
import { BarChart3, LayoutDashboard, List, LogOut, Plus, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { clearAdminToken } from '../../features/auth/admin-session';
import { logout as endSession } from '../../features/auth/login';
import { downloadBlob } from '../../lib/download';
import { listQuery, readAdminView, writeAdminView, type AdminTab, type AdminView } from './admin-view';
import { AdminTabs, panelId, TabPanel, tabId, type TabItem } from './AdminTabs';
import { AnalyticsTab } from './AnalyticsTab';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OfflineNotice } from '../../components/OfflineNotice';
import { CopyLinkButton } from './CopyLinkButton';
import { LinkAnalyticsView } from './LinkAnalyticsView';
import { LinkForm } from './LinkForm';
import { linkClass, siteOrigin } from './LinkParts';
import { ManageLinksTab, type BulkAction } from './ManageLinksTab';
import { OverviewTab } from './OverviewTab';
import { shortlinkApi } from './shortlink-manager.api';
import {
  countLabel,
  EMPTY_FORM,
  exportFileName,
  formFromLink,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_LABEL,
  parseImportFile,
  validateCreateForm,
  validateUpdateForm,
  type LinkFormValues,
} from './shortlink-manager.service';
import { useRemote, type Remote } from './use-remote';

type Tab = AdminTab;

const icon = 'size-4';
const TABS: readonly TabItem<Tab>[] = [
  { id: 'overview', label: 'Overview', icon: <LayoutDashboard aria-hidden="true" className={icon} /> },
  { id: 'create', label: 'Create Link', icon: <Plus aria-hidden="true" className={icon} /> },
  { id: 'manage', label: 'Manage Links', icon: <List aria-hidden="true" className={icon} /> },
  { id: 'analytics', label: 'Analytics', icon: <BarChart3 aria-hidden="true" className={icon} /> },
];
const TAB_PREFIX = 'shortlink-admin';

function toastLoadFailure(state: Remote<unknown>): void {
  if (state.status === 'error') toast.error('Failed to load shortlinks', { description: state.error });
}

interface AdminPanelProps {
  token: string;
  /** Called on Logout and when the token is refused (401), after the token was cleared. */
  onExit: () => void;
  focusOnMount?: boolean;
}

/**
 * The administrator's view: tabs Overview, Create Link, Manage Links, Analytics.
 * The tab, search, sort, tag, page and analytics range live in the URL (admin-view.ts).
 */
export function AdminPanel({ token, onExit, focusOnMount = false }: AdminPanelProps) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readAdminView(params), [params]);
  const tab = view.tab;
  const [form, setForm] = useState<LinkFormValues>(EMPTY_FORM);
  const [editing, setEditing] = useState<Shortlink | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<Shortlink | null>(null);
  const [focusTitle, setFocusTitle] = useState(0);
  const [pendingDelete, setPendingDelete] = useState<Shortlink | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  // Bumped when links change, so the next look at a list, the summary or the tags asks the server again.
  const [versions, setVersions] = useState({ list: 0, summary: 0, tags: 0, analytics: 0 });
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

  const showList = tab === 'manage' && view.link === null;
  const page = useRemote(
    showList ? `${listQuery(view)}#${versions.list}` : null,
    (signal) => shortlinkApi.list(token, listQuery(view), signal),
    expire,
  );
  const tags = useRemote(
    showList ? `tags#${versions.tags}` : null,
    (signal) => shortlinkApi.tags(token, signal),
    expire,
  );
  const summary = useRemote(
    tab === 'overview' ? `summary#${versions.summary}` : null,
    (signal) => shortlinkApi.summary(token, signal),
    expire,
  );
  const analytics = useRemote(
    tab === 'analytics' ? `${view.range}#${versions.analytics}` : null,
    (signal) => shortlinkApi.analytics(token, view.range, signal),
    expire,
  );

  // A failed load is also toasted, once per failure.
  const pageState = page.state;
  const summaryState = summary.state;
  useEffect(() => toastLoadFailure(pageState), [pageState]);
  useEffect(() => toastLoadFailure(summaryState), [summaryState]);

  /** After links were added or changed: lists, totals and tags are asked again when next shown. */
  const linksChanged = ({ list }: { list: boolean }) =>
    setVersions((current) => ({
      list: list ? current.list + 1 : current.list,
      summary: current.summary + 1,
      tags: current.tags + 1,
      analytics: current.analytics,
    }));

  const selectTab = (next: Tab) => {
    if (next === tab) return;
    // Analytics are read fresh each time the tab opens (clicks arrive all the time).
    if (next === 'analytics') setVersions((current) => ({ ...current, analytics: current.analytics + 1 }));
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

  const submit = async () => {
    setFormError(null);
    if (editing) {
      const valid = validateUpdateForm(form);
      if (!valid.ok) return refuse(valid.error);
      setSaving(true);
      const result = await shortlinkApi.update(token, editing.id, valid.value);
      setSaving(false);
      if (result.ok) {
        toast.success('Shortlink updated successfully');
        const updated = result.data;
        // The row changes where it is; the page is not fetched again.
        page.mutate((data) => ({
          ...data,
          items: data.items.map((item) => (item.id === updated.id ? updated : item)),
        }));
        linksChanged({ list: false });
        resetForm();
        goTo('overview');
      } else if (result.status === 401) {
        expire();
      } else {
        setFormError(result.error);
        toast.error('Failed to save shortlink', { description: result.error });
      }
      return;
    }
    const valid = validateCreateForm(form);
    if (!valid.ok) return refuse(valid.error);
    setSaving(true);
    setCreated(null);
    const result = await shortlinkApi.create(token, valid.value);
    setSaving(false);
    if (result.ok) {
      toast.success('Shortlink created', { description: shortUrl(siteOrigin(), result.data.shortCode) });
      setCreated(result.data);
      resetForm();
      linksChanged({ list: true });
    } else if (result.status === 401) {
      expire();
    } else {
      setFormError(result.error);
      toast.error('Failed to save shortlink', { description: result.error });
    }
  };

  const confirmDelete = async () => {
    const link = pendingDelete;
    if (!link) return;
    setDeleting(true);
    const result = await shortlinkApi.remove(token, link.id);
    setDeleting(false);
    setPendingDelete(null);
    if (result.ok) {
      toast.success('Shortlink deleted successfully');
      // The row leaves the page where it is; a page left empty asks for the rows after it.
      const shown = page.state.status === 'ready' ? page.state.data.items : [];
      page.mutate((data) => {
        const items = data.items.filter((item) => item.id !== link.id);
        return { ...data, items, total: Math.max(0, data.total - (data.items.length - items.length)) };
      });
      if (shown.length > 0 && shown.every((item) => item.id === link.id)) page.reload();
      linksChanged({ list: false });
      if (editing?.id === link.id) resetForm();
      if (created?.id === link.id) setCreated(null);
    } else if (result.status === 401) {
      expire();
    } else {
      toast.error('Failed to delete shortlink', { description: result.error });
    }
  };

  const exportLinks = async (format: ExportFormat) => {
    setBulk('export');
    const result = await shortlinkApi.export(token, format);
    setBulk(null);
    if (result.ok) {
      const fileName = exportFileName(new Date(), format);
      downloadBlob(result.data, fileName);
      toast.success('Exported', { description: fileName });
    } else if (result.status === 401) {
      expire();
    } else {
      toast.error('Failed to export shortlinks', { description: result.error });
    }
  };

  const importRows = async (rows: unknown[], kind: 'import' | 'sample') => {
    const result = await shortlinkApi.import(token, rows);
    if (result.ok) {
      const count = result.data.imported;
      if (kind === 'import') toast.success('Imported', { description: `${countLabel(count)} imported successfully` });
      else toast.success('Loaded', { description: `${countLabel(count, 'sample shortlink')} loaded` });
      linksChanged({ list: true });
    } else if (result.status === 401) {
      expire();
    } else {
      toast.error(kind === 'import' ? 'Failed to import shortlinks' : 'Failed to load sample data', {
        description: result.error,
      });
    }
  };

  const importFile = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) {
      toast.error('Failed to import shortlinks', { description: `The file is larger than ${IMPORT_MAX_LABEL}.` });
      return;
    }
    setBulk('import');
    try {
      const parsed = parseImportFile(await file.text());
      if (!parsed.ok) {
        toast.error(parsed.error);
        return;
      }
      await importRows(parsed.value, 'import');
    } finally {
      setBulk(null);
    }
  };

  const loadSample = async () => {
    setBulk('sample');
    try {
      const sample = await shortlinkApi.sample();
      if (!sample.ok || !Array.isArray(sample.data) || sample.data.length === 0) {
        toast.error('Failed to load sample data');
        return;
      }
      await importRows(sample.data, 'sample');
    } finally {
      setBulk(null);
    }
  };

  const clearFocusRow = useCallback(() => setFocusRow(null), []);

  const logout = () => {
    void endSession();
    toast.success('Logged Out', { description: 'Admin access revoked' });
    onExit();
  };

  const origin = `${siteOrigin()}/`;

  return (
    <div className="space-y-6">
      <OfflineNotice
        what="The shortlink manager"
        onRetry={() => {
          if (tab === 'overview') summary.reload();
          if (tab === 'manage') {
            page.reload();
            tags.reload();
          }
          if (tab === 'analytics') analytics.reload();
        }}
      />
      <div className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-emerald-900 dark:bg-emerald-950">
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-900 dark:text-emerald-100">
          <ShieldCheck aria-hidden="true" className="size-5" />
          Logged in as administrator
        </p>
        <button type="button" className={ui.buttonSecondary} onClick={logout}>
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </button>
      </div>

      <AdminTabs
        label="Shortlink manager sections"
        tabs={TABS}
        selected={tab}
        onSelect={selectTab}
        idPrefix={TAB_PREFIX}
      />

      <TabPanel idPrefix={TAB_PREFIX} id={tab}>
        {tab === 'overview' ? (
          <OverviewTab
            summary={summary.state}
            onRetry={summary.reload}
            onCreate={() => goTo('create')}
            onLoadSample={() => void loadSample()}
            sampleBusy={bulk !== null}
          />
        ) : tab === 'create' ? (
          <div className="space-y-4">
            <LinkForm
              values={form}
              onChange={setForm}
              editingCode={editing?.shortCode ?? null}
              busy={saving}
              error={formError}
              onSubmit={() => void submit()}
              onCancelEdit={cancelEdit}
              origin={origin}
              focusTitle={focusTitle}
            />
            {created && !editing ? (
              <Card>
                <h3 className={ui.subheading}>Shortlink created</h3>
                <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <a
                    href={shortUrl(siteOrigin(), created.shortCode)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={linkClass}
                  >
                    {shortUrl(siteOrigin(), created.shortCode)}
                  </a>
                  <CopyLinkButton url={shortUrl(siteOrigin(), created.shortCode)} />
                </div>
              </Card>
            ) : null}
          </div>
        ) : tab === 'manage' && view.link !== null ? (
          <LinkAnalyticsView
            token={token}
            id={view.link}
            range={view.range}
            onRange={(range) => show((current) => ({ ...current, range }))}
            onBack={() => {
              setFocusRow(view.link);
              show((current) => ({ ...current, link: null }));
            }}
            onUnauthorized={expire}
          />
        ) : tab === 'manage' ? (
          <ManageLinksTab
            view={view}
            page={page.state}
            tags={tags.state}
            busy={bulk}
            onView={show}
            onRetry={page.reload}
            onEdit={startEdit}
            onDelete={setPendingDelete}
            onExport={(format) => void exportLinks(format)}
            onImportFile={(file) => void importFile(file)}
            onLoadSample={() => void loadSample()}
            onCreate={() => goTo('create')}
            focusRow={focusRow}
            onRowFocused={clearFocusRow}
          />
        ) : (
          <AnalyticsTab
            state={analytics.state}
            onRefresh={analytics.reload}
            range={view.range}
            onRange={(range) => show((current) => ({ ...current, range }))}
          />
        )}
      </TabPanel>

      {pendingDelete ? (
        <ConfirmDialog
          title="Delete this shortlink?"
          confirmLabel={deleting ? 'Deleting...' : 'Delete'}
          busy={deleting}
          fallbackFocusId={panelId(TAB_PREFIX, tab)}
          onCancel={() => setPendingDelete(null)}
          onConfirm={() => void confirmDelete()}
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
