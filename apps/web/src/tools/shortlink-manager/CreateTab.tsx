import { shortUrl, type Shortlink } from '@toolvault/shared';
import type { ComponentProps } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { CopyLinkButton } from './CopyLinkButton';
import { LinkForm } from './LinkForm';
import { linkClass, siteOrigin } from './LinkParts';
import { useLinkFolders } from './shortlink.queries';

interface CreateTabProps extends Omit<ComponentProps<typeof LinkForm>, 'folders'> {
  token: string;
  /** The link just made, shown with its short URL to copy (not while editing). */
  created: Shortlink | null;
}

/** The Create Link tab: the form (create or edit) with the folders to choose from, and the link just made. */
export function CreateTab({ token, created, ...form }: CreateTabProps) {
  const folders = useLinkFolders(token, true);
  const url = created ? shortUrl(siteOrigin(), created.shortCode) : '';
  return (
    <div className="space-y-4">
      <LinkForm {...form} folders={folders.data?.folders ?? []} />
      {created && form.editingCode === null ? (
        <Card>
          <h3 className={ui.subheading}>Shortlink created</h3>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {url}
            </a>
            <CopyLinkButton url={url} />
          </div>
        </Card>
      ) : null}
    </div>
  );
}
