import { Gauge } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'network-speed-test',
  icon: Gauge,
  component: lazy(() => import('./NetworkSpeedTestTool')),
});
