import { Link } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'url-encoder',
  icon: Link,
  component: lazy(() => import('./UrlEncoderTool')),
});
