import { useRef, type KeyboardEvent } from 'react';
import { useAtom } from 'jotai';
import { HistoryPanel } from '../../maps/history/HistoryPanel';
import { namedVersion } from '../../maps/history/history-rows';
import { liveLink } from '../../print/PrintDialog';
import { useEditor, useEditorState } from '../editor-context';
import { loadMap } from '../load-map';
import { useNarrowEditor } from '../editor-layout';
import { tabAtom, type EditorTab } from '../editor-state';
import { AnalyticsPanel } from './AnalyticsPanel';
import { GroupsPanel } from './GroupsPanel';
import { LayersPanel } from './LayersPanel';
import { LocationsPanel } from './locations/LocationsPanel';
import { SettingsPanel } from './SettingsPanel';
import { StylesPanel } from './StylesPanel';
import { WayfindingPanel } from '../wayfinding/WayfindingPanel';
import { afterPanelRemoval, useFocusKept } from './use-focus-kept';
import { number } from '../../../lib/words';

const TABS: { id: EditorTab; label: string }[] = [
  { id: 'locations', label: 'Locations' },
  { id: 'layers', label: 'Layers' },
  { id: 'groups', label: 'Groups' },
  { id: 'styles', label: 'Styles' },
  { id: 'wayfinding', label: 'Wayfinding' },
  { id: 'settings', label: 'Settings' },
  { id: 'history', label: 'History' },
  { id: 'analytics', label: 'Analytics' },
];

/** The tab an arrow key, Home or End moves to from tab `index` of `count` (arrows wrap), or null for other keys. */
export function tabAfterKey(key: string, index: number, count: number): number | null {
  switch (key) {
    // Both pairs of arrows: the tabs are a column beside the panel, and a row over it in the one-column layout.
    case 'ArrowDown':
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowUp':
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The panels' tabs (ARIA tabs): one Tab stop, the open tab's (roving tab index); the arrow keys, Home and End move
 * between them and open the tab they reach, as the settings dialog's tabs do.
 */
export function SidePanel() {
  const [tab, setTab] = useAtom(tabAtom);
  const { doc } = useEditorState();
  const side = useRef<HTMLElement>(null);
  const narrow = useNarrowEditor();
  useFocusKept(side, afterPanelRemoval);
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const next = tabAfterKey(
      event.key,
      TABS.findIndex((t) => t.id === tab),
      TABS.length,
    );
    if (next === null) return;
    event.preventDefault();
    const id = TABS[next]!.id;
    setTab(id);
    document.getElementById(`editor-tab-${id}`)?.focus();
  };
  const counts: Partial<Record<EditorTab, number>> = {
    locations: doc.locations.length,
    layers: doc.layers.length,
    groups: doc.groups.length,
    styles: doc.styles.length,
  };
  return (
    <aside ref={side} className="editor__side" aria-label="Map contents">
      <div
        role="tablist"
        aria-label="Panels"
        aria-orientation={narrow ? 'horizontal' : 'vertical'}
        className="editor__tabs"
        onKeyDown={onTabKey}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`editor-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="editor-tabpanel"
            tabIndex={tab === t.id ? 0 : -1}
            className={tab === t.id ? 'editor__tab is-active' : 'editor__tab'}
            onClick={() => setTab(t.id)}
          >
            {t.label}
            {/* "Locations, 46" to a screen reader, not "Locations46": the comma is heard, not seen (no aria-label,
                so the name holds the words seen). */}
            {counts[t.id] !== undefined && (
              <>
                <span className="visually-hidden">,</span>{' '}
                <span className="editor__count">{number(counts[t.id]!)}</span>
              </>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="editor-tabpanel" aria-labelledby={`editor-tab-${tab}`} className="editor__panel">
        {tab === 'locations' && <LocationsPanel />}
        {tab === 'layers' && <LayersPanel />}
        {tab === 'groups' && <GroupsPanel />}
        {tab === 'styles' && <StylesPanel />}
        {tab === 'wayfinding' && <WayfindingPanel />}
        {tab === 'settings' && <SettingsPanel />}
        {tab === 'history' && <HistoryTab />}
        {tab === 'analytics' && <AnalyticsPanel />}
      </div>
    </aside>
  );
}

function HistoryTab() {
  const { mapId, history, map, setMap, save, notify, reloadHistory, store } = useEditor();
  return (
    <HistoryPanel
      mapId={mapId}
      heading="History"
      history={history}
      currentVersion={map.version}
      publishedVersion={map.publishedVersion}
      link={liveLink(map)}
      title={map.title}
      state={map.state}
      loadDraft={() => Promise.resolve(store.getState().doc)}
      onPublished={(result) => {
        setMap(result.map);
        void reloadHistory().catch(() => undefined);
      }}
      seenVersion={() => save.getState().version}
      // Refused because the map changed elsewhere: the editor shows the map as it is now, as the refusal asks.
      onRestoreFailed={() => void save.checkRemote()}
      beforeRestore={async () => {
        // A save sent and not yet answered has made a version: the restore names it (seenVersion), not the one before.
        await save.settled();
        return (
          !save.hasUnsavedChanges() ||
          window.confirm(
            'You have unsaved changes. Restoring loads that version in their place; your changes are set aside in this browser (and stay one Undo away), to put back or download later. Continue?',
          )
        );
      }}
      onRestored={(version, from) => {
        void (async () => {
          try {
            const loaded = await loadMap(mapId);
            // Undo names it: "Undone: Restore version 2.", not a replacement of the map with no name.
            await save.loadTheirs(loaded.doc, loaded.map.version, `Restore ${namedVersion(from)}`);
            await reloadHistory();
            notify(`Restored: the map is now at version ${version}.`, 'info');
          } catch (err) {
            notify(`The restored version could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
          }
        })();
      }}
    />
  );
}
