import { Link2 } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'shortlink-manager',
  icon: Link2,
  component: lazy(() => import('./ShortlinkManagerTool')),
});
