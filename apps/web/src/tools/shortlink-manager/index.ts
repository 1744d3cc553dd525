import { Link2 } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const shortlinkManager = defineTool({
  id: 23,
  slug: 'shortlink-manager',
  title: 'Shortlink Manager (create, manage, track shortlinks with analytics)',
  description: 'Create short links, manage them and track their clicks with analytics.',
  category: 'URL Tools',
  icon: Link2,
  keywords: ['url shortener', 'short url', 'links', 'analytics', 'clicks'],
  component: lazy(() => import('./ShortlinkManagerTool')),
});
