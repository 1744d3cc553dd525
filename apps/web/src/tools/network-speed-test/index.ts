import { Gauge } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const networkSpeedTest = defineTool({
  id: 22,
  slug: 'network-speed-test',
  title: 'Network Speed Test',
  description: 'Measure download, upload, ping and jitter between you and this server.',
  category: 'Network Tools',
  icon: Gauge,
  keywords: ['bandwidth', 'latency', 'ping', 'jitter', 'internet speed', 'mbps', 'download', 'upload'],
  component: lazy(() => import('./NetworkSpeedTestTool')),
});
