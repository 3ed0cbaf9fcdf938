/** Fixed addresses and ids the web app links to. External URLs live here so they change in one place. */

/** The map that /demo opens (the local seed and each environment create it under this id). */
export const DEMO_MAP_ID = 'demo';

/**
 * The example maps the case-study pages show. Published like the demo (the local seed and each environment create
 * them under these ids, in the demo state); their documents are shipped in web/public (`file`). The retail example
 * reuses the demo's shopping centre.
 */
export const EXAMPLE_MAPS = {
  realEstate: { id: 'examplerealestate', title: 'Willow Creek site plan (example)', file: '/examples/willow-creek.json' },
  retail: { id: 'exampleretail', title: 'Riverside Centre directory (example)', file: '/demo/riverside-centre.json' },
  geographic: { id: 'examplegeographic', title: 'Velora dealers in Europe (example)', file: '/examples/velora-dealers.json' },
} as const;

export type ExampleMap = (typeof EXAMPLE_MAPS)[keyof typeof EXAMPLE_MAPS];

/** Where /docs and /routes send the visitor (spec §2: external documentation and wayfinding pages). */
export const EXTERNAL_URLS = {
  docs: 'https://docs.mapnest.app/',
  routes: 'https://docs.mapnest.app/wayfinding/',
} as const;

/** Social profiles in the extended footer (spec §2: video, microblog, professional network). */
export const SOCIAL_LINKS = [
  { kind: 'video', label: 'YouTube', href: 'https://www.youtube.com/@mapnest' },
  { kind: 'microblog', label: 'X', href: 'https://x.com/mapnest' },
  { kind: 'network', label: 'LinkedIn', href: 'https://www.linkedin.com/company/mapnest' },
] as const;

export type SocialKind = (typeof SOCIAL_LINKS)[number]['kind'];
