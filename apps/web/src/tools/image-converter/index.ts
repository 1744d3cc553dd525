import { Repeat } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'image-converter',
  icon: Repeat,
  component: lazy(() => import('./ImageConverterTool')),
});
