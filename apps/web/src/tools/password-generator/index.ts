import { KeyRound } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: 'password-generator',
  icon: KeyRound,
  component: lazy(() => import('./PasswordGeneratorTool')),
});
