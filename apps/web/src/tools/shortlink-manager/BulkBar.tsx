import type { ShortlinkBulkActionType, ShortlinkFolder } from '@toolvault/shared';
import { Archive, ArchiveRestore, CalendarClock, FolderInput, Tag, Tags, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ui } from '../../components/ui';
import { FolderSelect } from './FolderSelect';
import { formatCount } from '../../lib/format';
import { isFiltered, type AdminView } from './admin-view';
import {
  BULK_MAX,
  bulkAction,
  bulkConfirmation,
  EMPTY_BULK_FORM,
  selectedCount,
  type BulkActionInput,
  type BulkFormValues,
  type BulkSelection,
} from './bulk-actions.service';
import { smallButton } from './LinkParts';
import { TABLE_REGION_ID } from './LinkTable';

/* The bar of actions on the selected links, and the dialog each asks through before it is sent. */

interface BulkBarProps {
  selection: BulkSelection;
  view: AdminView;
  /** Links the view's filters match (the list's total) and how many this page shows. */
  total: number;
  totalCapped: boolean;
  pageCount: number;
  folders: readonly ShortlinkFolder[];
  running: boolean;
  onSelectMatching: () => void;
  onClear: () => void;
  /** Sends the action; `done` runs once it succeeded. */
  onRun: (action: BulkActionInput, done: () => void) => void;
}

interface BarButton {
  type: ShortlinkBulkActionType;
  label: string;
  icon: typeof Tag;
}

const BUTTONS: readonly BarButton[] = [
  { type: 'tag', label: 'Add tag', icon: Tag },
  { type: 'untag', label: 'Remove tag', icon: Tags },
  { type: 'move', label: 'Move to folder', icon: FolderInput },
  { type: 'setExpiry', label: 'Set expiry', icon: CalendarClock },
  { type: 'archive', label: 'Archive', icon: Archive },
  { type: 'unarchive', label: 'Unarchive', icon: ArchiveRestore },
  { type: 'delete', label: 'Delete', icon: Trash2 },
];

/** The dialog's confirm button, per action. */
const CONFIRM: Record<ShortlinkBulkActionType, string> = {
  tag: 'Add tag',
  untag: 'Remove tag',
  move: 'Move',
  setExpiry: 'Set expiry',
  archive: 'Archive',
  unarchive: 'Unarchive',
  delete: 'Delete',
};

/**
 * The selected links' actions, and "Select all N matching" while a search or filter narrows the
 * list. Shown while links are selected or the list is narrowed; every control is a button in the
 * page's tab order.
 */
export function BulkBar({
  selection,
  view,
  total,
  totalCapped,
  pageCount,
  folders,
  running,
  onSelectMatching,
  onClear,
  onRun,
}: BulkBarProps) {
  const [asking, setAsking] = useState<ShortlinkBulkActionType | null>(null);
  const count = selectedCount(selection);
  // All matching is worth offering when they are more than this page, and one change can take them.
  const offerMatching = isFiltered(view) && selection.kind === 'ids' && total > pageCount;
  const tooMany = totalCapped || total > BULK_MAX;
  if (count === 0 && !offerMatching) return null;

  return (
    <div className="mb-3 flex flex-col gap-2 rounded-lg border border-indigo-200 bg-indigo-50/60 p-3 dark:border-indigo-900 dark:bg-indigo-950/30">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-semibold text-slate-900 dark:text-white" aria-live="polite">
          {count === 0
            ? 'No links selected'
            : selection.kind === 'matching'
              ? `All ${formatCount(count)} matching links selected`
              : `${formatCount(count)} selected`}
        </p>
        {offerMatching ? (
          tooMany ? (
            <p className={ui.muted}>
              {formatCount(total)}
              {totalCapped ? '+' : ''} links match: narrow the search to change them all at once (at most{' '}
              {formatCount(BULK_MAX)}).
            </p>
          ) : (
            <button type="button" className={smallButton} onClick={onSelectMatching}>
              Select all {formatCount(total)} matching
            </button>
          )
        ) : null}
        {count > 0 ? (
          <button type="button" className={smallButton} onClick={onClear}>
            <X aria-hidden="true" className="size-4" />
            Clear selection
          </button>
        ) : null}
      </div>
      {count > 0 ? (
        <div role="toolbar" aria-label="Actions on the selected links" className="flex flex-wrap gap-1.5">
          {BUTTONS.filter((button) => button.type !== (view.archived ? 'archive' : 'unarchive')).map(
            ({ type, label, icon: Icon }) => (
              <button
                key={type}
                type="button"
                className={type === 'delete' ? ui.smallDangerButton : smallButton}
                disabled={running}
                onClick={() => setAsking(type)}
                aria-label={`${label}: ${formatCount(count)} selected ${count === 1 ? 'link' : 'links'}`}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </button>
            ),
          )}
        </div>
      ) : null}
      {asking ? (
        <BulkActionDialog
          type={asking}
          count={count}
          folders={folders}
          running={running}
          onCancel={() => setAsking(null)}
          onConfirm={(action) => onRun(action, () => setAsking(null))}
        />
      ) : null}
    </div>
  );
}

/** "Delete 12 links?": the count, what the action needs (a tag, a folder, a date), and Confirm. */
function BulkActionDialog({
  type,
  count,
  folders,
  running,
  onCancel,
  onConfirm,
}: {
  type: ShortlinkBulkActionType;
  count: number;
  folders: readonly ShortlinkFolder[];
  running: boolean;
  onCancel: () => void;
  onConfirm: (action: BulkActionInput) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<BulkFormValues>(EMPTY_BULK_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<BulkFormValues>) => {
    setValues((current) => ({ ...current, ...change }));
    setProblem(null);
  };
  const confirm = () => {
    const action = bulkAction(type, values);
    if (action.ok) onConfirm(action.value);
    else setProblem(action.error);
  };
  const described = problem ? `${id}-problem` : undefined;

  return (
    <ConfirmDialog
      title={bulkConfirmation(type, count)}
      confirmLabel={running ? 'Working...' : CONFIRM[type]}
      busy={running}
      tone={type === 'delete' ? 'danger' : 'primary'}
      fallbackFocusId={TABLE_REGION_ID}
      onCancel={onCancel}
      onConfirm={confirm}
    >
      {type === 'tag' || type === 'untag' ? (
        <div className="mt-2">
          <label htmlFor={`${id}-tag`} className={ui.label}>
            Tag
          </label>
          <input
            id={`${id}-tag`}
            value={values.tag}
            onChange={(event) => set({ tag: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') confirm();
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={described}
            className={ui.input}
          />
        </div>
      ) : type === 'move' ? (
        <div className="mt-2">
          <FolderSelect
            id={`${id}-folder`}
            value={values.folder}
            onChange={(folder) => set({ folder })}
            folders={folders}
          />
        </div>
      ) : type === 'setExpiry' ? (
        <div className="mt-2 space-y-2">
          <p>Each link is inactive from this time on (your time zone), and kept.</p>
          <label htmlFor={`${id}-until`} className={ui.label}>
            Valid until
          </label>
          <input
            id={`${id}-until`}
            type="datetime-local"
            value={values.until}
            disabled={values.noExpiry}
            onChange={(event) => set({ until: event.target.value })}
            aria-invalid={problem ? true : undefined}
            aria-describedby={described}
            className={ui.input}
          />
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={values.noExpiry}
              onChange={(event) => set({ noExpiry: event.target.checked })}
              className="size-4"
            />
            Remove the expiry instead
          </label>
        </div>
      ) : type === 'delete' ? (
        <p>The links and their click history will be removed. This cannot be undone.</p>
      ) : type === 'archive' ? (
        <p>Archived links keep redirecting; they leave the list until you show archived links.</p>
      ) : (
        <p>The links come back to the list.</p>
      )}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className={`mt-2 ${ui.error}`}>
          {problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
