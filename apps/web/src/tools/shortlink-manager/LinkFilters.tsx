import type { UseQueryResult } from '@tanstack/react-query';
import {
  LINK_STATUS_FILTERS,
  NO_FOLDER,
  SHORTLINK_SORTS,
  type ShortlinkFolder,
  type ShortlinkTagsResponse,
} from '@toolvault/shared';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ui } from '../../components/ui';
import { usePeopleChoices } from '../../features/team/people-choices';
import { formatCount } from '../../lib/format';
import { SEARCH_MAX, SORT_LABELS, STATUS_LABELS, withFilters, type AdminView, type Creator } from './admin-view';
import type { ManagerAccess } from './manager-access';

/** Pause after the last keystroke before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's search, sort, creator and tag, its folder and the archive. The creator and tag filters
 * are for a role that sees every link: the tags in use are those of every link, and someone who
 * sees only their own has nobody else's links to filter out.
 */
export function LinkFilters({
  view,
  access,
  tags,
  folders,
  folderTools,
  onView,
}: {
  view: AdminView;
  access: ManagerAccess;
  tags: UseQueryResult<ShortlinkTagsResponse>;
  folders: readonly ShortlinkFolder[];
  /** Beside the folder filter: the folder management, for a role that may change folders. */
  folderTools?: ReactNode;
  onView: (view: AdminView | ((current: AdminView) => AdminView)) => void;
}) {
  const id = useId();
  return (
    <>
      <div
        role="search"
        className={`mt-5 grid gap-3 ${access.allLinks ? 'sm:grid-cols-[minmax(0,1fr)_auto_auto_auto_auto]' : 'sm:grid-cols-[minmax(0,1fr)_auto_auto]'}`}
      >
        <SearchBox value={view.q} onSearch={(q) => onView((current) => withFilters(current, { q }))} />
        <ChoiceSelect
          id={`${id}-sort`}
          label="Sort by"
          value={view.sort}
          choices={SHORTLINK_SORTS}
          labels={SORT_LABELS}
          className="sm:w-40"
          onChoose={(sort) => onView((current) => withFilters(current, { sort }))}
        />
        <ChoiceSelect
          id={`${id}-status`}
          label="Status"
          value={view.status}
          choices={LINK_STATUS_FILTERS}
          labels={STATUS_LABELS}
          className="sm:w-32"
          onChoose={(status) => onView((current) => withFilters(current, { status }))}
        />
        {access.allLinks ? (
          <CreatorSelect
            id={`${id}-by`}
            value={view.createdBy}
            withPeople={access.people}
            onChoose={(createdBy) => onView((current) => withFilters(current, { createdBy }))}
          />
        ) : null}
        {/* The tags in use are those of every link: a role that sees only its own links has no such list. */}
        {access.allLinks ? (
          <div>
            <label htmlFor={`${id}-tag`} className={ui.label}>
              Tag
            </label>
            <select
              id={`${id}-tag`}
              value={view.tag}
              onChange={(event) => {
                const tag = event.target.value;
                onView((current) => withFilters(current, { tag }));
              }}
              className={`${ui.input} sm:w-48`}
              aria-describedby={tags.status === 'error' ? `${id}-tag-error` : undefined}
            >
              <option value="">All tags</option>
              {tagOptions(tags, view.tag).map((tag) => (
                <option key={tag.tag} value={tag.tag}>
                  {tag.count === null ? tag.tag : `${tag.tag} (${formatCount(tag.count)})`}
                </option>
              ))}
            </select>
            {tags.status === 'error' ? (
              <p id={`${id}-tag-error`} className="mt-1 text-xs text-red-700 dark:text-red-400">
                Tags could not be loaded.
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-folder`} className={ui.label}>
            Folder
          </label>
          <select
            id={`${id}-folder`}
            value={view.folder}
            onChange={(event) => {
              const folder = event.target.value;
              onView((current) => withFilters(current, { folder }));
            }}
            className={`${ui.input} sm:w-56`}
          >
            <option value="">All folders</option>
            <option value={NO_FOLDER}>No folder</option>
            {folderOptions(folders, view.folder).map((folder) => (
              <option key={folder.value} value={folder.value}>
                {folder.label}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={view.archived}
            onChange={(event) => {
              const archived = event.target.checked;
              onView((current) => withFilters(current, { archived }));
            }}
            className="size-4"
          />
          Archived
        </label>
        {folderTools ? <div className="pb-0.5">{folderTools}</div> : null}
      </div>
    </>
  );
}

/** The folder filter's options: the folders, plus the chosen one if it is not among them (a shared URL). */
function folderOptions(folders: readonly ShortlinkFolder[], chosen: string): { value: string; label: string }[] {
  const list = folders.map((folder) => ({
    value: String(folder.id),
    label: `${folder.name} (${formatCount(folder.links)})`,
  }));
  const missing = chosen !== '' && chosen !== NO_FOLDER && !list.some((folder) => folder.value === chosen);
  return missing ? [{ value: chosen, label: `Folder ${chosen}` }, ...list] : list;
}

/** A labelled choice among fixed values (the sort, the creator). */
function ChoiceSelect<Choice extends string>({
  id,
  label,
  value,
  choices,
  labels,
  className,
  onChoose,
}: {
  id: string;
  label: string;
  value: Choice;
  choices: readonly Choice[];
  labels: Record<Choice, string>;
  className: string;
  onChoose: (choice: Choice) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChoose(event.target.value as Choice)}
        className={`${ui.input} ${className}`}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The tag filter's options: the server's tags, plus the selected one if it is not among them (a shared URL). */
function tagOptions(
  tags: UseQueryResult<ShortlinkTagsResponse>,
  selected: string,
): { tag: string; count: number | null }[] {
  const list: { tag: string; count: number | null }[] = tags.data?.tags ?? [];
  return selected !== '' && !list.some((tag) => tag.tag === selected)
    ? [{ tag: selected, count: null }, ...list]
    : list;
}

/**
 * The search field: sent after a pause in typing, or at once on Enter. The
 * text follows the URL when it changes from outside (Back, Forward, Clear).
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });

  // A search that did not come from this field (Back, Forward, a cleared filter) replaces its text.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  const send = (q: string) => {
    if (q.trim() === sent.current.trim()) return;
    sent.current = q.trim();
    latest.current(q.trim());
  };

  useEffect(() => {
    const timer = setTimeout(() => send(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        Search links
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') send(text);
          }}
          placeholder="Code, title, URL or tag"
          autoCapitalize="off"
          spellCheck={false}
          className={`${ui.input} pl-9`}
        />
      </div>
    </div>
  );
}

function CreatorSelect({
  id,
  value,
  withPeople,
  onChoose,
}: {
  id: string;
  value: Creator;
  withPeople: boolean;
  onChoose: (creator: Creator) => void;
}) {
  const { choices, labels } = usePeopleChoices(withPeople, value);
  return (
    <ChoiceSelect
      id={id}
      label="Created by"
      value={value}
      choices={choices}
      labels={labels}
      className="sm:w-44"
      onChoose={onChoose}
    />
  );
}
