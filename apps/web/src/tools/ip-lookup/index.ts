import { Globe } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const ipLookup = defineTool({
  id: 5,
  slug: 'ip-lookup',
  title: 'IP Lookup',
  description: 'Find the country, region, city and time zone of an IPv4 or IPv6 address.',
  category: 'Network Tools',
  icon: Globe,
  keywords: ['geolocation', 'ipv4', 'ipv6', 'whois', 'my ip', 'asn', 'isp', 'offline'],
  component: lazy(() => import('./IpLookupTool')),
});
