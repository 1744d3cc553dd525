import { Wifi } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const wifiAnalyzer = defineTool({
  id: 7,
  slug: 'wifi-analyzer',
  title: 'WiFi Analyzer',
  description: 'Explore simulated nearby WiFi networks with channel, signal and security.',
  category: 'Network Tools',
  icon: Wifi,
  keywords: ['wireless', 'ssid', 'channel', 'signal', 'wpa'],
  simulation: true,
  component: lazy(() => import('./WifiAnalyzerTool')),
});
