import { Radar } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'port-scanner',
  icon: Radar,
  component: lazy(() => import('./PortScannerTool')),
});
