import { ShieldAlert } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const vulnScanner = defineTool({
  id: 9,
  slug: 'vuln-scanner',
  title: 'Vulnerability Scanner',
  description: 'Simulate a vulnerability scan and read typical findings with their fixes.',
  category: 'Security',
  icon: ShieldAlert,
  keywords: ['cve', 'audit', 'findings', 'pentest'],
  simulation: true,
  component: lazy(() => import('./VulnScannerTool')),
});
