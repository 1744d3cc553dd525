import { Wifi } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'wifi-analyzer',
  icon: Wifi,
  component: lazy(() => import('./WifiAnalyzerTool')),
});
