import type { ShortlinkFolder } from '@toolvault/shared';
import { ui } from '../../components/ui';

interface FolderSelectProps {
  id: string;
  /** The folder's id as text, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  folders: readonly ShortlinkFolder[];
}

/** "Folder": No folder or one of the folders (a link's own in the form, the target of a bulk move). */
export function FolderSelect({ id, value, onChange, folders }: FolderSelectProps) {
  const unlisted = value !== '' && !folders.some((folder) => String(folder.id) === value);
  return (
    <>
      <label htmlFor={id} className={ui.label}>
        Folder
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={ui.input}>
        <option value="">No folder</option>
        {folders.map((folder) => (
          <option key={folder.id} value={String(folder.id)}>
            {folder.name}
          </option>
        ))}
        {/* A link's folder before the list has loaded is kept, not silently cleared. */}
        {unlisted ? <option value={value}>Folder {value}</option> : null}
      </select>
    </>
  );
}
