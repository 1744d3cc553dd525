import { Globe } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'ip-lookup',
  icon: Globe,
  component: lazy(() => import('./IpLookupTool')),
});
