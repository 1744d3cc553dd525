import { Minimize2 } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'image-compressor',
  icon: Minimize2,
  component: lazy(() => import('./ImageCompressorTool')),
});
