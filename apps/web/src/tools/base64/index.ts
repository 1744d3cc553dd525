import { Binary } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'base64',
  icon: Binary,
  component: lazy(() => import('./Base64Tool')),
});
