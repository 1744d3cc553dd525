import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShortlinkFolder } from '@toolvault/shared';
import type { ShortlinkBulkBodyInput } from '@toolvault/shared/schemas';
import { toast } from '../../lib/toast';
import type { ApiFailure } from '../../lib/api';
import { fromApi } from '../../lib/query';
import { bulkDoneMessage } from './bulk-actions.service';
import { shortlinkApi } from './shortlink-manager.api';
import { shortlinkKeys, useLinkFolders } from './shortlink.queries';

interface LinkBulkOptions {
  token: string;
  /** Whether the folders are read now (Manage Links is shown). */
  enabled: boolean;
  /** A failure handler that ends the session on a 401 and otherwise calls `otherwise`. */
  unlessExpired: (otherwise: (error: ApiFailure) => void) => (error: ApiFailure) => void;
}

/** A folder change as the folder dialog asks for it. */
export type FolderChange =
  { kind: 'create'; name: string } | { kind: 'rename'; id: number; name: string } | { kind: 'delete'; id: number };

const FOLDER_DONE: Record<FolderChange['kind'], string> = {
  create: 'Folder created',
  rename: 'Folder renamed',
  delete: 'Folder deleted',
};

/**
 * Bulk changes of links and the folders: the folders' list, one bulk request at a time and the
 * folder changes, each toasting its outcome. Whatever changed many links asks the lists, tags,
 * totals and folder counts again.
 */
export function useLinkBulk({ token, enabled, unlessExpired }: LinkBulkOptions) {
  const queryClient = useQueryClient();
  const folders = useLinkFolders(token, enabled);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: shortlinkKeys.all });

  const change = useMutation({
    mutationFn: (body: ShortlinkBulkBodyInput) => fromApi(shortlinkApi.bulk(token, body)),
    onSuccess: refresh,
  });
  const folderChange = useMutation({
    mutationFn: (request: FolderChange): Promise<ShortlinkFolder | null> =>
      request.kind === 'create'
        ? fromApi(shortlinkApi.createFolder(token, request.name))
        : request.kind === 'rename'
          ? fromApi(shortlinkApi.renameFolder(token, request.id, request.name))
          : fromApi(shortlinkApi.deleteFolder(token, request.id)),
    // A deleted folder's links move to no folder: the lists show that too.
    onSuccess: refresh,
  });

  /** Sends a bulk change; `onDone` runs after it succeeded (the selection is cleared then). */
  const run = (body: ShortlinkBulkBodyInput, onDone: () => void) =>
    change.mutate(body, {
      onSuccess: (answer) => {
        toast.success(bulkDoneMessage(body.action.type, answer));
        onDone();
      },
      onError: unlessExpired((error) => toast.error('Bulk change failed', { description: error.message })),
    });

  /** Sends a folder change; `onDone` gets the folder made or renamed (null after a delete). */
  const changeFolder = (request: FolderChange, onDone: (folder: ShortlinkFolder | null) => void) =>
    folderChange.mutate(request, {
      onSuccess: (folder) => {
        toast.success(FOLDER_DONE[request.kind], folder ? { description: folder.name } : undefined);
        onDone(folder);
      },
      onError: unlessExpired((error) => toast.error('Folder change failed', { description: error.message })),
    });

  return {
    folders,
    run,
    running: change.isPending,
    changeFolder,
    changingFolder: folderChange.isPending,
  };
}

export type LinkBulk = ReturnType<typeof useLinkBulk>;
