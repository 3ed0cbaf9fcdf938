import { useState } from 'react';
import type { MapStateValue } from '@mapnest/shared/constants';
import { useEditor } from '../editor/editor-context';
import { mapsApi } from '../maps/maps-api';
import { MapStateMenu } from '../maps/MapStateControls';
import { LicenseDialog } from './LicenseDialog';

/**
 * The map's state in the editor's top bar (issue 12): Go live, Make Pro, Back to test and Register licence, with the
 * same slot check and messages as the maps list. The editor's copy of the map follows the server's answer.
 */
export function EditorMapState() {
  const { map, setMap, reloadHistory } = useEditor();
  const [licensing, setLicensing] = useState(false);
  const setState = async (state: MapStateValue) => {
    const updated = await mapsApi.setMapState(map.id, state);
    setMap({ ...map, ...updated });
  };
  return (
    <>
      <MapStateMenu map={map} onSetState={setState} onRegisterLicense={() => setLicensing(true)} />
      <LicenseDialog
        map={licensing ? map : null}
        onClose={() => setLicensing(false)}
        onRegistered={(result) => {
          setMap({ ...map, state: result.state, licenseEndsAt: result.license.endsAt, lapsedFrom: null });
          // The rest (published, activeUntil) comes with the map's next read.
          void reloadHistory().catch(() => undefined);
        }}
      />
    </>
  );
}
