/**
 * The maps the product shows as its own: the demo behind /demo and the landing hero, and the example maps of the
 * case-study pages. Their documents ship with the SPA (web/public, `file`); every environment creates them under these
 * fixed ids, in the demo state, owned by SYSTEM_OWNER_UID (lambdas/src/domain/demo-maps.ts: the local stack at start,
 * a CloudFormation custom resource on a deployed stage).
 */

/** The map that /demo opens. */
export const DEMO_MAP_ID = 'demo';

/** The example maps the case-study pages show. The retail example reuses the demo's shopping centre. */
export const EXAMPLE_MAPS = {
  realEstate: {
    id: 'examplerealestate',
    title: 'Willow Creek site plan (example)',
    file: '/examples/willow-creek.json',
  },
  retail: { id: 'exampleretail', title: 'Riverside Centre directory (example)', file: '/demo/riverside-centre.json' },
  geographic: {
    id: 'examplegeographic',
    title: 'Velora dealers in Europe (example)',
    file: '/examples/velora-dealers.json',
  },
} as const;

export type ExampleMap = (typeof EXAMPLE_MAPS)[keyof typeof EXAMPLE_MAPS];

/** Every map seeded: id, title, and its document's path under web/public. */
export const SEEDED_MAPS: ReadonlyArray<{ id: string; title: string; file: string }> = [
  { id: DEMO_MAP_ID, title: 'Riverside Centre (demo)', file: '/demo/riverside-centre.json' },
  .../* @__PURE__ */ Object.values(EXAMPLE_MAPS),
];

/**
 * Owner (uid and author) of the seeded maps. Not a user: Cognito's sub is always a UUID, so no account can ever have
 * this id, sign in as it, or be deleted with its maps. Administrators edit these maps like any other user's (admins may
 * open every map at /maps/{id}).
 */
export const SYSTEM_OWNER_UID = 'mapnest:system';
