import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { MapStateValue } from '@mapnest/shared/constants';
import { useAppStore, useEditor } from '../editor/editor-context';
import { outcomeFromRead } from '../maps/map-errors';
import { mapsApi } from '../maps/maps-api';
import { loadSlotsAtom, slotsToCheckAtom } from '../maps/maps-state';
import { MapStateMenu } from '../maps/MapStateControls';
import { LicenseDialog } from './LicenseDialog';

/**
 * The map's state in the editor's top bar (issue 12): Go live, Make Pro, Back to test and Register licence, with the
 * same slot check and messages as the maps list: the owner's slots are read when the editor opens and after every
 * change, so a move with no free slot is held back before the click. The editor's copy of the map follows the
 * server's answer; when that answer is lost, the map read again says whether the move was made (ADR 103).
 */
/** What to do when a move's answer was lost and the map could not be read again to tell: the editor has no list. */
const STATE_UNCONFIRMED = 'Check your connection, then look at the map’s state in your maps list before trying again.';

export function EditorMapState() {
  const { map, setMap, reloadHistory, notify } = useEditor();
  const app = useAppStore();
  const slots = useAtomValue(slotsToCheckAtom, { store: app });
  const loadSlots = useSetAtom(loadSlotsAtom, { store: app });
  const [licensing, setLicensing] = useState(false);
  useEffect(() => {
    void loadSlots();
  }, [loadSlots]);
  const setState = async (state: MapStateValue, done: string) => {
    try {
      const updated = await mapsApi.setMapState(map.id, state).catch((error: unknown) =>
        // The answer lost after the server may have moved it: the map read again tells, as the list does for its cards.
        outcomeFromRead(
          error,
          STATE_UNCONFIRMED,
          () => mapsApi.getMap(map.id),
          (read) => (read.map.state === state ? read.map : undefined),
        ),
      );
      setMap({ ...map, ...updated });
      notify(done, 'info');
    } finally {
      // A refusal too: the slot it wanted was taken meanwhile, and the counters say so from now on.
      void loadSlots();
    }
  };
  return (
    <>
      <MapStateMenu map={map} onSetState={setState} onRegisterLicense={() => setLicensing(true)} slots={slots} />
      <LicenseDialog
        map={licensing ? map : null}
        onClose={() => setLicensing(false)}
        onRegistered={(result) => {
          setMap({ ...map, state: result.state, licenseEndsAt: result.license.endsAt, lapsedFrom: null });
          void loadSlots();
          // The rest (published, activeUntil) comes with the map's next read.
          void reloadHistory().catch(() => undefined);
        }}
      />
    </>
  );
}
