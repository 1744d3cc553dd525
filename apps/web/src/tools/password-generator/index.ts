import { KeyRound } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const passwordGenerator = defineTool({
  id: 3,
  slug: 'password-generator',
  title: 'Password Generator',
  description: 'Create strong random passwords from the character sets you choose.',
  category: 'Password Tools',
  icon: KeyRound,
  keywords: ['random', 'passphrase', 'entropy', 'secure'],
  component: lazy(() => import('./PasswordGeneratorTool')),
});
