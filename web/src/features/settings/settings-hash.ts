/** The settings dialog's address: '#settings', optionally with a tab ('#settings/Plan'); Profile by default. */
export const SETTINGS_TABS = ['Profile', 'Security', 'Plan'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

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
