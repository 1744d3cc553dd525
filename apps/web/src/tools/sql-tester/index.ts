import { Database } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const sqlTester = defineTool({
  id: 11,
  slug: 'sql-tester',
  title: 'SQL Injection Tester',
  description: 'Simulate SQL injection payload tests against a URL parameter.',
  category: 'Web Security',
  icon: Database,
  keywords: ['sqli', 'injection', 'payload', 'database'],
  simulation: true,
  component: lazy(() => import('./SqlTesterTool')),
});
