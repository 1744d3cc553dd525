import { Radar } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const portScanner = defineTool({
  id: 1,
  slug: 'port-scanner',
  title: 'Port Scanner',
  description: 'Simulate a scan of common TCP ports on a host and learn what each open port means.',
  category: 'Network Tools',
  icon: Radar,
  keywords: ['ports', 'tcp', 'nmap', 'services', 'network'],
  simulation: true,
  component: lazy(() => import('./PortScannerTool')),
});
