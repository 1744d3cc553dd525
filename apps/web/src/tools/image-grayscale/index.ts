import { Contrast } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'image-grayscale',
  icon: Contrast,
  component: lazy(() => import('./ImageGrayscaleTool')),
});
