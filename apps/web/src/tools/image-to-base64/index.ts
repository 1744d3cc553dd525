import { FileCode } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'image-to-base64',
  icon: FileCode,
  component: lazy(() => import('./ImageToBase64Tool')),
});
