import { Hash } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'hash-generator',
  icon: Hash,
  component: lazy(() => import('./HashGeneratorTool')),
});
