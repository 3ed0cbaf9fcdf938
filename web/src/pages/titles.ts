/** Page titles (without the brand), shared by the route table and the pages' headings. */
export const PAGE_TITLES = {
  landing: 'Custom interactive maps for your business',
  pricing: 'Pricing',
  estimate: 'Custom work',
  contact: 'Contact',
  realEstate: 'Real estate maps',
  retail: 'Retail maps',
  geographic: 'Geographic maps',
  wayfinding: 'Wayfinding',
  agreement: 'Service Agreement',
  privacy: 'Privacy Policy',
  terms: 'Terms & Conditions',
  docs: 'Documentation',
  routes: 'Wayfinding guide',
  mapplicGuide: 'Moving from Mapplic',
  notFound: 'Not Found',
} as const;
