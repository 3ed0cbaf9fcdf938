import { describe, expect, it } from 'vitest';
import { PAYMENT_RETURN_PATH } from '@mapnest/shared/constants';
import { parseSettingsHash, SETTINGS_TABS, settingsHash, settingsTabsFor } from './settings-hash';

describe('settings hash', () => {
  it('opens Profile by default', () => {
    expect(parseSettingsHash('#settings')).toBe('Profile');
    expect(parseSettingsHash('#settings/')).toBe('Profile');
    expect(parseSettingsHash('#settings/Nonsense')).toBe('Profile');
  });
  it('opens the named tab, whatever its case', () => {
    expect(parseSettingsHash('#settings/Security')).toBe('Security');
    expect(parseSettingsHash('#settings/plan')).toBe('Plan');
  });
  it('opens Plan from the payment return path', () => {
    expect(parseSettingsHash(PAYMENT_RETURN_PATH.slice(PAYMENT_RETURN_PATH.indexOf('#')))).toBe('Plan');
  });
  it('ignores other hashes', () => {
    for (const hash of ['', '#', '#subscribe', '#settingsx', '#main']) expect(parseSettingsHash(hash)).toBeNull();
  });
  it('round-trips every tab', () => {
    for (const tab of SETTINGS_TABS) expect(parseSettingsHash(settingsHash(tab))).toBe(tab);
  });
  it('gives the team inbox (Messages) to administrators only', () => {
    expect(settingsTabsFor(false)).toEqual(['Profile', 'Security', 'Plan']);
    expect(settingsTabsFor(true)).toEqual(['Profile', 'Security', 'Plan', 'Messages']);
  });
});
