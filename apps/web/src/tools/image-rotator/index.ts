import { RotateCw } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'image-rotator',
  icon: RotateCw,
  component: lazy(() => import('./ImageRotatorTool')),
});
