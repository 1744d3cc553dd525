import { Zap } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'ddos-simulator',
  icon: Zap,
  component: lazy(() => import('./DdosSimulatorTool')),
});
