import { shortUrl, type Shortlink } from '@toolvault/shared';
import { BarChart3, LayoutDashboard, List, LogOut, Plus, RefreshCw, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { clearAdminToken } from '../../features/auth/admin-session';
import { logout as endSession } from '../../features/auth/login';
import type { ApiResult } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { AdminTabs, panelId, TabPanel, tabId, type TabItem } from './AdminTabs';
import { AnalyticsTab, type AnalyticsState } from './AnalyticsTab';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OfflineNotice } from '../../components/OfflineNotice';
import { CopyLinkButton } from './CopyLinkButton';
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
  parseImportFile,
  validateCreateForm,
  validateUpdateForm,
  type LinkFormValues,
} from './shortlink-manager.service';

type Tab = 'overview' | 'create' | 'manage' | 'analytics';

const icon = 'size-4';
const TABS: readonly TabItem<Tab>[] = [
  { id: 'overview', label: 'Overview', icon: <LayoutDashboard aria-hidden="true" className={icon} /> },
  { id: 'create', label: 'Create Link', icon: <Plus aria-hidden="true" className={icon} /> },
  { id: 'manage', label: 'Manage Links', icon: <List aria-hidden="true" className={icon} /> },
  { id: 'analytics', label: 'Analytics', icon: <BarChart3 aria-hidden="true" className={icon} /> },
];
const TAB_PREFIX = 'shortlink-admin';

interface AdminPanelProps {
  token: string;
  /** Called on Logout and when the token is refused (401), after the token was cleared. */
  onExit: () => void;
  focusOnMount?: boolean;
}

/** The administrator's view: tabs Overview, Create Link, Manage Links, Analytics (spec 001 §2). */
export function AdminPanel({ token, onExit, focusOnMount = false }: AdminPanelProps) {
  const [tab, setTab] = useState<Tab>('overview');
  const [links, setLinks] = useState<Shortlink[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [loadedAt, setLoadedAt] = useState(0);
  const [form, setForm] = useState<LinkFormValues>(EMPTY_FORM);
  const [editing, setEditing] = useState<Shortlink | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<Shortlink | null>(null);
  const [focusTitle, setFocusTitle] = useState(0);
  const [pendingDelete, setPendingDelete] = useState<Shortlink | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [analytics, setAnalytics] = useState<AnalyticsState>({ status: 'loading' });
  const focusTab = useRef(focusOnMount);

  // Moves focus to the selected tab after a change the user did not make with the tab list
  // (Cancel Edit, Edit, a successful update), so focus never falls back to the page.
  useEffect(() => {
    if (!focusTab.current) return;
    focusTab.current = false;
    document.getElementById(tabId(TAB_PREFIX, tab))?.focus();
  }, [tab]);

  /** DECISIONS P4 / spec 001 §4: any 401 from a protected call clears the token and returns to the gate. */
  const expire = useCallback(() => {
    clearAdminToken();
    toast.error('Session expired', { description: 'Please log in again.' });
    onExit();
  }, [onExit]);

  const applyList = useCallback(
    (result: ApiResult<Shortlink[]>) => {
      if (result.ok) {
        setLinks(result.data);
        setListError(null);
        setLoadedAt(Date.now());
      } else if (result.status === 401) {
        expire();
      } else {
        setListError(result.error);
        toast.error('Failed to load shortlinks', { description: result.error });
      }
    },
    [expire],
  );

  useEffect(() => {
    void shortlinkApi.list(token).then(applyList);
  }, [token, applyList]);

  const loadLinks = () => shortlinkApi.list(token).then(applyList);

  const loadAnalytics = async () => {
    setAnalytics({ status: 'loading' });
    const result = await shortlinkApi.analytics(token);
    if (result.ok) setAnalytics({ status: 'ready', data: result.data });
    else if (result.status === 401) expire();
    else setAnalytics({ status: 'error', error: `Failed to load analytics: ${result.error}` });
  };

  const selectTab = (next: Tab) => {
    setTab(next);
    if (next === 'analytics') void loadAnalytics();
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
    setTab('create');
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
        resetForm();
        goTo('overview');
        void loadLinks();
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
      void loadLinks();
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
      setLinks((current) => current?.filter((item) => item.id !== link.id) ?? current);
      if (editing?.id === link.id) resetForm();
      if (created?.id === link.id) setCreated(null);
      void loadLinks();
    } else if (result.status === 401) {
      expire();
    } else {
      toast.error('Failed to delete shortlink', { description: result.error });
    }
  };

  const exportLinks = async () => {
    setBulk('export');
    const result = await shortlinkApi.export(token);
    setBulk(null);
    if (result.ok && Array.isArray(result.data)) {
      downloadText(JSON.stringify(result.data, null, 2), exportFileName(new Date()), 'application/json');
      toast.success('Exported', { description: `${countLabel(result.data.length)} exported` });
    } else if (!result.ok && result.status === 401) {
      expire();
    } else {
      toast.error('Failed to export shortlinks', { description: result.ok ? undefined : result.error });
    }
  };

  const importRows = async (rows: unknown[], kind: 'import' | 'sample') => {
    const result = await shortlinkApi.import(token, rows);
    if (result.ok) {
      const count = result.data.imported;
      if (kind === 'import') toast.success('Imported', { description: `${countLabel(count)} imported successfully` });
      else toast.success('Loaded', { description: `${countLabel(count, 'sample shortlink')} loaded` });
      void loadLinks();
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
      toast.error('Failed to import shortlinks', { description: 'The file is larger than 1 MB.' });
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

  const logout = () => {
    void endSession();
    toast.success('Logged Out', { description: 'Admin access revoked' });
    onExit();
  };

  const listFailed = links === null && listError !== null;
  const origin = `${siteOrigin()}/`;

  return (
    <div className="space-y-6">
      <OfflineNotice
        what="The shortlink manager"
        onRetry={() => {
          void loadLinks();
          if (tab === 'analytics') void loadAnalytics();
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
        {listFailed && (tab === 'overview' || tab === 'manage') ? (
          <Card>
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              Failed to load shortlinks: {listError}
            </p>
            <button type="button" className={`mt-4 ${ui.buttonSecondary}`} onClick={() => void loadLinks()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Try again
            </button>
          </Card>
        ) : tab === 'overview' ? (
          <OverviewTab
            links={links}
            loadedAt={loadedAt}
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
        ) : tab === 'manage' ? (
          <ManageLinksTab
            links={links}
            busy={bulk}
            onEdit={startEdit}
            onDelete={setPendingDelete}
            onExport={() => void exportLinks()}
            onImportFile={(file) => void importFile(file)}
            onLoadSample={() => void loadSample()}
            onCreate={() => goTo('create')}
          />
        ) : (
          <AnalyticsTab state={analytics} onRefresh={() => void loadAnalytics()} />
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
