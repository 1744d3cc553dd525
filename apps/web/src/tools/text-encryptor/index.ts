import { Lock } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const textEncryptor = defineTool({
  id: 8,
  slug: 'text-encryptor',
  title: 'Text Encryptor',
  description: 'Encrypt and decrypt text with the Caesar or Vigenère cipher, Base64 or reversal.',
  category: 'Encryption',
  icon: Lock,
  keywords: ['caesar', 'vigenere', 'cipher', 'decrypt'],
  component: lazy(() => import('./TextEncryptorTool')),
});
