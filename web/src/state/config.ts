/** Fixed addresses and ids the web app links to. External URLs live here so they change in one place. */

/**
 * The map that /demo opens and the example maps the case-study pages show: fixed ids every environment seeds
 * (shared/src/demo-maps.ts, where the seeding Lambda reads them too).
 */
export { DEMO_MAP_ID, EXAMPLE_MAPS, type ExampleMap } from '@mapnest/shared/demo-maps';

/** Where /docs and /routes send the visitor: the external documentation and wayfinding pages. */
export const EXTERNAL_URLS = {
  docs: 'https://docs.mapnest.app/',
  routes: 'https://docs.mapnest.app/wayfinding/',
} as const;

/** Social profiles in the extended footer: video, microblog, professional network. */
export const SOCIAL_LINKS = [
  { kind: 'video', label: 'YouTube', href: 'https://www.youtube.com/@mapnest' },
  { kind: 'microblog', label: 'X', href: 'https://x.com/mapnest' },
  { kind: 'network', label: 'LinkedIn', href: 'https://www.linkedin.com/company/mapnest' },
] as const;

export type SocialKind = (typeof SOCIAL_LINKS)[number]['kind'];
