import { useState } from 'react';
import { HISTORY_DAILY_DAYS, HISTORY_UNNAMED_KEEP } from '@mapnest/shared/constants';
import type { PublicationResult } from '@mapnest/shared/calls';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { HistoryEntry } from '@mapnest/shared/maps';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { call } from '../../../lib/api';
import { describeError, outcomeFromRead, publicCopyOwed } from '../map-errors';
import { DiffOf, useVersionDocuments } from './version-review';
import { VersionPreview } from './VersionPreview';
import type { LiveLink } from '../../print/PrintDialog';
import { namedVersion, versionName, type VersionRow } from './history-rows';
import { HistoryRow } from './HistoryRow';
import { Notice, type NoticeValue } from '../Notice';
import { useHistoryVersions } from './use-history-versions';
import './history-panel.css';

export interface HistoryPanelProps {
  mapId: string;
  /**
   * A heading over the versions (level 2), where nothing around the panel names it (the editor's History tab; the
   * maps page's dialog has its title). Each version's title is a level-3 heading under it.
   */
  heading?: string;
  /** The map's history as getMap answers it (any order). */
  history: readonly HistoryEntry[];
  /** The map's current version: it cannot be deleted or restored, only named. */
  currentVersion: number;
  /** Called once the server has made a restored version current, with that new version number. */
  onRestored: (version: number, from: HistoryEntry) => void;
  /**
   * Asked before a restore starts; answer false to cancel (an editor with unsaved changes confirms here).
   * Without it, restoring starts at once: a restore is itself a new version, so it can be undone.
   */
  beforeRestore?: (entry: HistoryEntry) => boolean | Promise<boolean>;
  /**
   * The version the draft shown is on (the editor's document's), sent with a restore: a map saved elsewhere since is
   * not restored over unseen. Without it, the current version this panel read.
   */
  seenVersion?: () => number;
  /** Called when a restore was refused or failed (the editor then reads the map as it is now at once). */
  onRestoreFailed?: () => void;
  /** The version visitors see, or null (ADR 018). */
  publishedVersion: number | null;
  /** The live map (null when visitors cannot open it), for a QR code on a version's printed sheets. */
  link: LiveLink | null;
  /** The map's title, for previews. */
  title: string;
  /** The map's state: its plan decides what visitors get (directions come with Professional), so a preview's too. */
  state: number;
  /** The draft as the author has it (the editor's document); by default the current version as saved. */
  loadDraft?: () => Promise<MapDocument>;
  /** Called after an earlier version was published again. */
  onPublished: (result: PublicationResult) => void;
}

/** Which versions are kept (pruneHistory on the server). */
const KEPT_HINT =
  `Named and published versions are kept for good. Of the others, the newest ${HISTORY_UNNAMED_KEEP} are kept, then ` +
  `the last one of each hour for a day and of each day for ${HISTORY_DAILY_DAYS} days.`;

/**
 * A map's version history: name or rename versions (the current one too), delete old versions and restore
 * one. Every change shows at once and is rolled back, with a message, if the server refuses.
 */
export function HistoryPanel(props: HistoryPanelProps) {
  const { rows, current, busy, restoring, notice, setNotice, list, rename, remove, restore } =
    useHistoryVersions(props);
  const [toDelete, setToDelete] = useState<VersionRow | null>(null);
  const [toRestore, setToRestore] = useState<VersionRow | null>(null);
  const [toRepublish, setToRepublish] = useState<VersionRow | null>(null);
  const [preview, setPreview] = useState<{ row: VersionRow; doc: MapDocument } | null>(null);
  const docs = useVersionDocuments(props.mapId);
  // The dialog keeps its text while its closing animation plays.
  const [deleteShown, setDeleteShown] = useState<VersionRow | null>(null);
  if (toDelete && toDelete !== deleteShown) setDeleteShown(toDelete);

  return (
    <div className="history">
      {props.heading && <h2 className="history__heading">{props.heading}</h2>}
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {rows.length === 0 ? (
        <p className="history__empty">No versions yet.</p>
      ) : (
        <ol ref={list} className="history__list" tabIndex={-1} aria-label="Versions, newest first">
          {rows.map((entry) => (
            <HistoryRow
              key={entry.historyMapId}
              entry={entry}
              isCurrent={entry.version === current}
              isPublished={entry.version === props.publishedVersion}
              restoredFromName={rows.find((r) => r.historyMapId === entry.restoredFrom)?.name ?? null}
              onPreview={() =>
                void docs(entry.version).then(
                  (doc) => setPreview({ row: entry, doc }),
                  (error: unknown) =>
                    setNotice({
                      tone: 'error',
                      message: `Could not open ${namedVersion(entry)}. ${describeError(error)}`,
                    }),
                )
              }
              onRepublish={() => setToRepublish(entry)}
              busy={busy.has(entry.historyMapId)}
              restoring={restoring}
              onRename={(name) => rename(entry, name)}
              onRestore={() => setToRestore(entry)}
              onDelete={() => setToDelete(entry)}
            />
          ))}
        </ol>
      )}
      <p className="history__hint">{KEPT_HINT}</p>
      <VersionDialogs
        panel={props}
        current={current}
        docs={docs}
        toRestore={toRestore}
        setToRestore={setToRestore}
        toRepublish={toRepublish}
        setToRepublish={setToRepublish}
        preview={preview}
        setPreview={setPreview}
        onRestore={(entry) => void restore(entry)}
        setNotice={setNotice}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this version?"
        subtitle={
          deleteShown
            ? `${deleteShown.name ? namedVersion(deleteShown) : `Version ${deleteShown.version}`} will be removed from the history. This cannot be undone.`
            : undefined
        }
        positive="Delete version"
        danger
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove(toDelete);
          setToDelete(null);
        }}
      />
    </div>
  );
}

interface VersionDialogsProps {
  panel: HistoryPanelProps;
  /** The current version, which a restore keeps in History. */
  current: number;
  docs: (version: number) => Promise<MapDocument>;
  toRestore: VersionRow | null;
  setToRestore: (row: VersionRow | null) => void;
  toRepublish: VersionRow | null;
  setToRepublish: (row: VersionRow | null) => void;
  preview: { row: VersionRow; doc: MapDocument } | null;
  setPreview: (preview: null) => void;
  onRestore: (row: VersionRow) => void;
  setNotice: (notice: NoticeValue | null) => void;
}

const REPUBLISH_UNCONFIRMED =
  'We could not confirm whether this version was published. Check your connection, then open History again: the version visitors see is marked Live.';

/**
 * Publishes a kept version again. An answer lost, or a server failure after the publication may have stood, is checked
 * by reading the map: a version that is live now is reported published, never as a failure with "Nothing was changed".
 */
async function republish(mapId: string, version: number): Promise<PublicationResult> {
  try {
    return await call('publishMap', { id: mapId, version });
  } catch (error) {
    if (publicCopyOwed(error)) throw error;
    return outcomeFromRead(
      error,
      REPUBLISH_UNCONFIRMED,
      () => call('getMap', { id: mapId }),
      (now) => (now.map.publishedVersion === version ? { map: now.map, history: now.history } : undefined),
    );
  }
}

/** Restore (with its diff against the draft), publish again (with its diff against what is live) and preview. */
function VersionDialogs(p: VersionDialogsProps) {
  const { panel: props, docs, toRestore, setToRestore, toRepublish, setToRepublish, preview, setPreview } = p;
  const { current } = p;
  const draft = () => (props.loadDraft ? props.loadDraft() : docs(current));
  const [republishError, setRepublishError] = useState<string | null>(null);
  const onRestore = p.onRestore;
  const setNotice = p.setNotice;
  return (
    <>
      {toRestore && (
        <ConfirmDialog
          open
          title={`Restore ${namedVersion(toRestore)} into the draft?`}
          subtitle={`The draft becomes this version; the draft as it is now stays in History as version ${current}, to restore again. Visitors keep the published version until you publish.`}
          positive="Restore into the draft"
          onCancel={() => setToRestore(null)}
          onConfirm={() => {
            const entry = toRestore;
            setToRestore(null);
            onRestore(entry);
          }}
        >
          <DiffOf base={draft} next={() => docs(toRestore.version)} against="the draft" />
        </ConfirmDialog>
      )}
      {toRepublish && (
        <ConfirmDialog
          open
          title={`Publish ${namedVersion(toRepublish)} again?`}
          subtitle="Visitors see this version within seconds, in place of the one published now. The draft is not changed."
          positive={`Publish ${versionName(toRepublish)}`}
          error={republishError}
          onCancel={() => {
            setRepublishError(null);
            setToRepublish(null);
          }}
          onConfirm={async () => {
            try {
              const result = await republish(props.mapId, toRepublish.version);
              setToRepublish(null);
              setNotice({ tone: 'success', message: `Published ${namedVersion(toRepublish)}: visitors see it now.` });
              props.onPublished(result);
            } catch (error) {
              if (!publicCopyOwed(error)) return setRepublishError(describeError(error));
              // Published, its public copy owed: said as it is, and the history shows the version published.
              setToRepublish(null);
              setNotice({ tone: 'error', message: error.message });
              const now = await call('getMap', { id: props.mapId }).catch(() => null);
              if (now) props.onPublished({ map: now.map, history: now.history });
            }
          }}
        >
          <DiffOf
            base={() => (props.publishedVersion === null ? Promise.resolve(null) : docs(props.publishedVersion))}
            next={() => docs(toRepublish.version)}
            against={
              props.publishedVersion === null ? 'nothing published' : `the published version ${props.publishedVersion}`
            }
          />
        </ConfirmDialog>
      )}
      {preview && (
        <VersionPreview
          doc={preview.doc}
          title={props.title}
          state={props.state}
          label={namedVersion(preview.row)}
          link={props.link}
          onClose={() => setPreview(null)}
        />
      )}
    </>
  );
}
