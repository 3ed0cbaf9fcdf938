/** The settings dialog's address: '#settings', optionally with a tab ('#settings/Plan'); Profile by default. */
export const SETTINGS_TABS = ['Profile', 'Security', 'Plan', 'Messages'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
/** Tabs only administrators have (the team's inbox); for anyone else their address opens Profile. */
const ADMIN_TABS: readonly SettingsTab[] = ['Messages'];

/** The tabs a user has, in order. */
export function settingsTabsFor(admin: boolean): readonly SettingsTab[] {
  return admin ? SETTINGS_TABS : SETTINGS_TABS.filter((tab) => !ADMIN_TABS.includes(tab));
}

/** The tab a location hash opens, or null when the hash is not the settings dialog's. */
export function parseSettingsHash(hash: string): SettingsTab | null {
  const match = /^#settings(?:\/([^/?#]*))?$/i.exec(hash);
  if (!match) return null;
  let param = '';
  try {
    param = decodeURIComponent(match[1] ?? '').toLowerCase();
  } catch {
    /* a malformed parameter opens the default tab */
  }
  return SETTINGS_TABS.find((tab) => tab.toLowerCase() === param) ?? 'Profile';
}

/** The hash that opens a tab. */
export function settingsHash(tab: SettingsTab): string {
  return `#settings/${tab}`;
}
