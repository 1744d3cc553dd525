import { Hash } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const hashGenerator = defineTool({
  id: 2,
  slug: 'hash-generator',
  title: 'Hash Generator (MD5, SHA1, SHA256 etc.)',
  description: 'Generate MD5, SHA1, SHA256 and other hashes',
  category: 'Encryption',
  icon: Hash,
  keywords: ['md5', 'sha1', 'sha256', 'sha512', 'digest', 'checksum', 'file'],
  component: lazy(() => import('./HashGeneratorTool')),
});
