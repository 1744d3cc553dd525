import { Lock } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'text-encryptor',
  icon: Lock,
  component: lazy(() => import('./TextEncryptorTool')),
});
