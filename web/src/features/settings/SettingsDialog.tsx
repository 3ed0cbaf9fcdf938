import { useId, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { SETTINGS_DIALOG_HEIGHT_PX } from '@mapnest/shared/constants';
import { Modal } from '../../components/Modal';
import { CloseIcon } from '../../components/Icons';
import { PlanTab } from './PlanTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { settingsTabsFor, type SettingsTab } from './settings-hash';
import { MessagesTab } from './team/MessagesTab';
import { useTeamInbox } from './team/use-team-inbox';
import { sessionAtom } from '../../state/session';
import './settings.css';

export interface SettingsDialogProps {
  open: boolean;
  tab: SettingsTab;
  onTab: (tab: SettingsTab) => void;
  onClose: () => void;
}

/**
 * The settings dialog: a tab list on the left, a 520 px content area, tabs Profile, Security and Plan, and for
 * administrators Messages (the team's inbox).
 */
export default function SettingsDialog({ open, tab: asked, onTab, onClose }: SettingsDialogProps) {
  const id = useId();
  const { admin } = useAtomValue(sessionAtom);
  const tabs = settingsTabsFor(admin);
  // Administrators' inbox loads as the dialog opens, so the Messages tab counts its unread requests.
  const inbox = useTeamInbox(open && admin);
  const tab = tabs.includes(asked) ? asked : 'Profile';
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    // From the tab that has focus, not the one open: a held arrow key's repeats come before the next render.
    const from = tabs.findIndex((t) => document.getElementById(`${id}-tab-${t}`) === event.target);
    const next = tabs[((from < 0 ? tabs.indexOf(tab) : from) + step + tabs.length) % tabs.length]!;
    onTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
  return (
    <Modal open={open} onClose={onClose} labelledBy={`${id}-title`} className="settings-dialog">
      <div className="settings-dialog__head">
        <h2 id={`${id}-title`} className="settings-dialog__title">
          Settings
        </h2>
        <button type="button" className="settings-dialog__close" onClick={onClose} aria-label="Close settings">
          <CloseIcon />
        </button>
      </div>
      <div className="settings-dialog__body">
        <div
          role="tablist"
          aria-orientation="vertical"
          aria-label="Settings sections"
          className="settings-tabs"
          onKeyDown={onTabKey}
        >
          {tabs.map((t) => (
            <button
              key={t}
              id={`${id}-tab-${t}`}
              type="button"
              role="tab"
              aria-selected={t === tab}
              aria-controls={`${id}-panel`}
              tabIndex={t === tab ? 0 : -1}
              className="settings-tabs__tab"
              onClick={() => onTab(t)}
            >
              {t === 'Messages' && inbox.unread ? <MessagesTabName unread={inbox.unread} /> : t}
            </button>
          ))}
        </div>
        <div
          id={`${id}-panel`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${tab}`}
          className="settings-dialog__content"
          style={{ height: SETTINGS_DIALOG_HEIGHT_PX }}
          tabIndex={0}
        >
          {tab === 'Profile' && <ProfileTab />}
          {tab === 'Security' && <SecurityTab />}
          {tab === 'Plan' && <PlanTab />}
          {tab === 'Messages' && <MessagesTab inbox={inbox} />}
        </div>
      </div>
    </Modal>
  );
}

/**
 * "Messages 2", named by its content in one piece, "Messages, 2 unread": Chromium puts a space between the texts of
 * two boxes, so a shown "Messages" beside a hidden ", 2 unread" was read "Messages , 2 unread"; an aria-label would
 * not contain the shown "Messages 2", which voice control users say.
 */
function MessagesTabName({ unread }: { unread: number }) {
  return (
    <>
      <span aria-hidden="true">
        Messages<span className="settings-tabs__count">{unread}</span>
      </span>
      <span className="visually-hidden">Messages, {unread} unread</span>
    </>
  );
}
