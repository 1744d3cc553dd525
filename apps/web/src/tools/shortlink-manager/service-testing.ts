// What the manager service's tests share: a shortlink as the server answers it, with its clicks and
// creation time given (imported by tests only).
import { withRuleDefaults, type Shortlink } from '@toolvault/shared';

export const link = (id: number, clickCount: number, createdAt: string, extra: Partial<Shortlink> = {}): Shortlink => ({
  id,
  shortCode: `code${id}`,
  targetUrl: `https://example.com/${id}`,
  title: `Link ${id}`,
  description: '',
  metaImage: '',
  tags: [],
  clickCount,
  createdAt,
  redirectMode: 'preview',
  ...withRuleDefaults({}),
  createdBy: null,
  updatedBy: null,
  hasPassword: false,
  folderId: null,
  archived: false,
  ...extra,
});
