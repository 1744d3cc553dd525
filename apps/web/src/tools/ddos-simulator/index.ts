import { Zap } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const ddosSimulator = defineTool({
  id: 12,
  slug: 'ddos-simulator',
  title: 'DDoS Simulator',
  description: 'Simulate a denial-of-service attack and watch the traffic statistics.',
  category: 'Security',
  icon: Zap,
  keywords: ['flood', 'dos', 'syn', 'udp', 'load'],
  simulation: true,
  component: lazy(() => import('./DdosSimulatorTool')),
});
