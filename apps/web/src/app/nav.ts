/** Header links (spec 000 §2 "Shared header"): Tools goes to / like Home. */
export const HEADER_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Blog', to: '/blog' },
  { label: 'Tools', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
] as const;

/** Footer Quick Links column (spec 000 §2 "Shared footer"). */
export const QUICK_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Blog', to: '/blog' },
  { label: 'All Tools', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
] as const;

export const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Contact', to: '/contact' },
] as const;

/** Navigation state the footer's category buttons carry to the home page. */
export interface HomeNavigationState {
  category?: string;
}
