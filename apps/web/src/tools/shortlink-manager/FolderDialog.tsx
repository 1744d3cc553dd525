import { SHORTLINK_FOLDER_LIMITS, type ShortlinkFolder } from '@toolvault/shared';
import { FolderCog, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ui } from '../../components/ui';
import { formatCount } from '../../lib/format';
import { useModalFocus } from '../../lib/use-modal-focus';
import { smallButton } from './LinkParts';
import type { FolderChange } from './use-link-bulk';

/** The button that opens the folder dialog, and the dialog while open. */
export function FolderManagerButton({
  folders,
  busy,
  onChange,
}: {
  folders: readonly ShortlinkFolder[];
  busy: boolean;
  onChange: (change: FolderChange, done: (folder: ShortlinkFolder | null) => void) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={smallButton} onClick={() => setOpen(true)}>
        <FolderCog aria-hidden="true" className="size-4" />
        Manage folders
      </button>
      {open ? <FolderDialog folders={folders} busy={busy} onChange={onChange} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * Folders of the team's links: pick one to rename or delete it (its links move to no folder, none
 * is deleted), or type a name and create one.
 */
function FolderDialog({
  folders,
  busy,
  onChange,
  onClose,
}: {
  folders: readonly ShortlinkFolder[];
  busy: boolean;
  onChange: (change: FolderChange, done: (folder: ShortlinkFolder | null) => void) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  useModalFocus({ dialog, initial: close, onClose, busy });

  const folder = folders.find((one) => String(one.id) === chosen);
  const trimmed = name.trim();
  const choose = (value: string) => {
    setChosen(value);
    setName(folders.find((one) => String(one.id) === value)?.name ?? '');
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto p-4">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/60" onClick={busy ? undefined : onClose} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="relative w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className={ui.subheading}>
            Folders
          </h2>
          <button ref={close} type="button" className={smallButton} onClick={onClose} aria-label="Close">
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
        <p className={`mt-1 ${ui.muted}`}>Deleting a folder keeps its links: they move to no folder.</p>
        <div className="mt-4 space-y-4">
          <div>
            <label htmlFor={`${id}-folder`} className={ui.label}>
              Folder
            </label>
            <select
              id={`${id}-folder`}
              value={chosen}
              onChange={(event) => choose(event.target.value)}
              className={ui.input}
            >
              <option value="">New folder</option>
              {folders.map((one) => (
                <option key={one.id} value={String(one.id)}>
                  {one.name} ({formatCount(one.links)})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-name`} className={ui.label}>
              Name
            </label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={SHORTLINK_FOLDER_LIMITS.name}
              onChange={(event) => setName(event.target.value)}
              className={ui.input}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {folder ? (
              <>
                <button
                  type="button"
                  className={ui.button}
                  disabled={busy || trimmed === '' || trimmed === folder.name}
                  onClick={() => onChange({ kind: 'rename', id: folder.id, name: trimmed }, () => undefined)}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className={ui.smallDangerButton}
                  disabled={busy}
                  onClick={() => onChange({ kind: 'delete', id: folder.id }, () => choose(''))}
                >
                  Delete folder
                </button>
              </>
            ) : (
              <button
                type="button"
                className={ui.button}
                disabled={busy || trimmed === ''}
                onClick={() =>
                  onChange({ kind: 'create', name: trimmed }, (made) => {
                    // The list is read again after the change; the new folder is chosen meanwhile.
                    if (made) {
                      setChosen(String(made.id));
                      setName(made.name);
                    }
                  })
                }
              >
                Create folder
              </button>
            )}
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
