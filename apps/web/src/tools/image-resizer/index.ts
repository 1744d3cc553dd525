import { Scaling } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'image-resizer',
  icon: Scaling,
  component: lazy(() => import('./ImageResizerTool')),
});
