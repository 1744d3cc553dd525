import { Database } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'sql-tester',
  icon: Database,
  component: lazy(() => import('./SqlTesterTool')),
});
