import { ShieldAlert } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'vuln-scanner',
  icon: ShieldAlert,
  component: lazy(() => import('./VulnScannerTool')),
});
