import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { PUBLICATION_LABELS, type HistoryEntry, type Publication } from '@mapnest/shared/maps';
import { diffDocuments, publishChecks, type PublishCheck, type VersionDiff } from '@mapnest/shared/publish-checks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { SegmentedToggle } from '../../../components/SegmentedToggle';
import { call } from '../../../lib/api';
import { PublishChecks, VersionChanges } from '../../maps/history/VersionChanges';
import { absoluteTime, shortDate } from '../../maps/map-format';
import { QrCode, qrPngFile, qrSvgFile } from '../../print/QrCode';
import { useEditor, useEditorState, useSaveState } from '../editor-context';
import { download, fileNameFor } from '../import/export';
import { loadMapVersion } from '../load-map';
import { inspectFloors } from './floor-files';
import { EmbedHints } from './EmbedHints';
import { iframeSnippet, scriptSnippet } from './embed-snippets';
import { useReleaseAction } from './release-action';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.cssText = 'position:fixed;opacity:0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/**
 * Grows a read-only text box to its whole text at the width it has (its lines wrap: a line count is too few rows),
 * again whenever that width changes, and once it is shown at all (it starts in a closed <details>).
 */
function useFitToText(code: string) {
  const box = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => {
      el.style.height = 'auto';
      el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fit();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [code]);
  return box;
}

function Snippet({ label, code }: { label: string; code: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const box = useFitToText(code);
  return (
    <div className="snippet">
      <div className="snippet__head">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={async () => {
            setCopied(await copyText(code));
            setTimeout(() => setCopied(false), 2000);
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <textarea
        ref={box}
        id={id}
        className="input snippet__code"
        readOnly
        value={code}
        rows={code.split('\n').length + 1}
        onFocus={(e) => e.target.select()}
      />
    </div>
  );
}

/** The review before a release: what changes for visitors and the publish checks (ADR 018). */
interface Review {
  version: number;
  /** The published version the draft was compared with (null: none). */
  against: number | null;
  diff: VersionDiff;
  checks: PublishCheck[];
}

/**
 * Saves what is typed, then compares the saved draft with the published version and runs the publish checks. The
 * draft is what gets published, so the review waits for the save; a failed save is said, and nothing is published.
 */
function useReview(): { review: Review | null; error: string | null } {
  const { map, mapId, save, resolveUrl, store } = useEditor();
  const [review, setReview] = useState<Review | null>(null);
  const [error, setError] = useState<string | null>(null);
  const publishedVersion = map.publishedVersion;
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        await save.saveNow();
        if (save.hasUnsavedChanges())
          throw new Error('Your latest changes are not saved yet, so they cannot be published.');
        const version = save.getState().version;
        const doc = store.getState().doc;
        const [published, floors] = await Promise.all([
          publishedVersion === null ? Promise.resolve(null) : loadMapVersion(mapId, publishedVersion),
          inspectFloors(doc.layers, resolveUrl),
        ]);
        if (cancelled) return;
        setReview({
          version,
          against: publishedVersion,
          diff: diffDocuments(published, doc),
          checks: publishChecks(doc, map.state, floors),
        });
      } catch (err) {
        if (!cancelled) setError(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => {
      cancelled = true;
    };
    // One review per opening of the dialog (and per published version).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publishedVersion]);
  return { review, error };
}

/**
 * A map taken offline: the version that was live last, when it is not the draft (the draft as it is goes live on
 * Publish; that one comes back only from History).
 */
function lastLive(history: readonly HistoryEntry[], draft: number): HistoryEntry | null {
  const live = history.filter((h) => h.publishedAt).sort((a, b) => b.publishedAt!.localeCompare(a.publishedAt!))[0];
  return live && live.version !== draft ? live : null;
}

/** What visitors see now, in one sentence. */
function ReleaseStatus({ status, unconfirmed }: { status: Publication; unconfirmed: boolean }) {
  const { map, history } = useEditor();
  const before = status === 'offline' ? lastLive(history, map.version) : null;
  const liveName = history.find((h) => h.version === map.publishedVersion)?.name;
  // A publish or unpublish whose answer was lost: what visitors see is not known until the map can be read again.
  if (unconfirmed)
    return (
      <p className="publish-release__status" data-publication="unconfirmed">
        <strong>Not confirmed</strong>: what visitors see is read again every few seconds.
      </p>
    );
  return (
    <p className="publish-release__status" data-publication={status}>
      <strong>{PUBLICATION_LABELS[status]}</strong>
      {map.publishedVersion !== null && map.publishedAt
        ? `. Visitors see what you published on ${absoluteTime(map.publishedAt)} (${liveName ? `“${liveName}”, ` : ''}version ${map.publishedVersion} in History).`
        : status === 'offline'
          ? '. Visitors see “Map not found” until you publish again.'
          : '. Visitors see “Map not found” until you publish.'}
      {before
        ? ` Publishing puts the draft live (version ${map.version}), not version ${before.version} that was live before; to show that one again, publish it again from History.`
        : ''}
      {map.publishedVersion !== null && !map.published && map.activeUntil
        ? ' This test map’s 7 days are over; put it on a plan to show it again.'
        : ''}
    </p>
  );
}

/** Asks before taking the map offline. */
function UnpublishConfirm({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Take this map offline?"
      subtitle="Visitors (and every site that embeds it) will see “Map not found” until you publish again. Your draft and its history stay."
      positive="Unpublish"
      danger
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

/**
 * What publishing the draft changes for visitors. Nothing while the review still compares with a version visitors no
 * longer see (right after a publish, until it is compared again); and when nothing is left to publish, that is said
 * unless the outcome of a publish just said it.
 */
function ReviewChanges({ review, published }: { review: Review; published: boolean }) {
  const { map } = useEditor();
  if (review.against !== map.publishedVersion) return null;
  if (review.diff.same && map.publishedVersion !== null)
    return published ? null : (
      <p className="version-changes version-changes--same">
        Nothing new to publish: visitors see the map as it is in the editor.
      </p>
    );
  return (
    <VersionChanges
      diff={review.diff}
      against={map.publishedVersion === null ? 'an empty map (nothing is published)' : 'what visitors see now'}
      offline={map.publication === 'offline'}
    />
  );
}

/**
 * A version saved elsewhere while the dialog is open: what Publish publishes is said, not left to a status that turns
 * "Unpublished changes" afterwards without saying why.
 */
function SavedSinceReview({ reviewed }: { reviewed: number }) {
  const s = useSaveState();
  if (s.version <= reviewed) return null;
  const changes = s.remote?.version === s.version && s.remote.changes ? ` (${s.remote.changes})` : '';
  return (
    <p className="form-alert" role="status">
      Version {s.version} was saved in another tab or device since this review{changes}. Publish publishes version{' '}
      {reviewed}, as reviewed; open Publish again to review the newer one.
    </p>
  );
}

function ReleaseSection() {
  const { map, mapId } = useEditor();
  const s = useSaveState();
  const { review, error } = useReview();
  const { busy, outcome, message, act } = useReleaseAction();
  const [confirmOffline, setConfirmOffline] = useState(false);
  const status = s.status !== 'saved' && map.publication === 'published' ? 'changes' : map.publication;
  const blocked = review?.checks.some((c) => c.severity === 'blocking') ?? false;
  // Published is the draft reviewed when it is the published version, or a restore of it not edited since.
  const upToDate =
    map.publication === 'published' &&
    review !== null &&
    (review.version === map.publishedVersion || review.version === map.version);
  return (
    <section className="publish-release" aria-label="Release">
      <ReleaseStatus status={status} unconfirmed={outcome?.tone === 'unknown'} />
      {error && <p className="form-alert form-alert--error">{error}</p>}
      {!review && !error && (
        <p className="form-alert" role="status">
          Saving and comparing with the published version…
        </p>
      )}
      {review && <SavedSinceReview reviewed={review.version} />}
      {review && (
        <>
          <ReviewChanges review={review} published={outcome?.tone === 'done'} />
          <PublishChecks checks={review.checks} />
        </>
      )}
      {outcome && (
        <p
          ref={message}
          tabIndex={-1}
          role={outcome.tone === 'done' ? 'status' : 'alert'}
          className={`form-alert${outcome.tone === 'done' ? '' : ' form-alert--error'}`}
        >
          {outcome.text}
        </p>
      )}
      <div className="confirm__actions">
        {map.publishedVersion !== null && (
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setConfirmOffline(true)}>
            Unpublish
          </button>
        )}
        <button
          type="button"
          className="btn btn--primary"
          // Not disabled while the call runs (aria-disabled): a disabled button would drop keyboard focus.
          disabled={!review || blocked || upToDate}
          aria-disabled={busy || undefined}
          onClick={() =>
            review &&
            !busy &&
            void act(
              () => call('publishMap', { id: mapId, version: review.version }),
              (map.publishedVersion === null
                ? 'Published: the map is public now, at its address and on every site that embeds it.'
                : 'Published: visitors see your changes now, at the map’s address and on every site that embeds it.') +
                // A test map's end, said where it goes public (its 7 days run from when it became a test map).
                (map.activeUntil ? ` As a test map it stays public until ${shortDate(map.activeUntil)}.` : ''),
              (m) => m.publishedVersion === review.version,
            )
          }
        >
          {upToDate ? 'No changes to publish' : map.publishedVersion === null ? 'Publish the map' : 'Publish changes'}
        </button>
      </div>
      <UnpublishConfirm
        open={confirmOffline}
        onCancel={() => setConfirmOffline(false)}
        onConfirm={async () => {
          setConfirmOffline(false);
          await act(
            () => call('unpublishMap', { id: mapId }),
            'Unpublished: visitors no longer see this map.',
            (m) => m.publishedVersion === null,
          );
        }}
      />
    </section>
  );
}

/** The map's address as a QR code, to download for signs, flyers and printed plans. */
function QrSection({ url }: { url: string }) {
  const { map, notify } = useEditor();
  const name = (ext: string) => fileNameFor(`${map.title} QR code`, ext);
  return (
    <details className="publish-dialog__embed">
      <summary>QR code for signs and print</summary>
      <p>
        A phone’s camera opens the map from it.
        {map.published ? '' : ' Until the map is published, the code opens “Map not found”.'}
      </p>
      <div className="publish-dialog__qr">
        <QrCode className="publish-dialog__qr-code" text={url} label={`QR code of ${url}`} />
        <div className="publish-dialog__qr-actions">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => download(qrSvgFile(url), name('svg'), 'image/svg+xml')}
          >
            Download SVG
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() =>
              qrPngFile(url).then(
                (png) => download(png, name('png'), 'image/png'),
                (e: unknown) => {
                  console.error(e);
                  notify('The PNG could not be made in this browser: download the SVG instead.');
                },
              )
            }
          >
            Download PNG
          </button>
        </div>
      </div>
    </details>
  );
}

export function PublishDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const { map, mapId } = useEditor();
  const { doc } = useEditorState();
  const [height, setHeight] = useState<'shape' | 'fixed'>('shape');
  const origin = window.location.origin;
  const url = `${origin}/m/${mapId}`;
  const size = height === 'shape' ? { width: doc.settings.mapWidth, height: doc.settings.mapHeight } : null;
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="publish-dialog wide-dialog">
      {/* Focus starts on the title: the release's buttons are disabled while the draft is saved and compared. */}
      <h2 id={titleId} tabIndex={-1} data-autofocus>
        Publish and embed
      </h2>
      <ReleaseSection />
      {/* The release comes first; the embed code, needed once per site, opens on request (the dialog fits a laptop). */}
      <details className="publish-dialog__embed">
        <summary>Embed on your site</summary>
        <p>
          The map’s address is{' '}
          <a href={url} target="_blank" rel="noopener">
            {url}
          </a>
          {map.activeUntil
            ? `. This test map stays online until ${shortDate(map.activeUntil)}; put it on a plan to keep it live.`
            : '.'}{' '}
          Saving keeps your changes as a draft; visitors see them within seconds of Publish.
        </p>
        <SegmentedToggle
          label="Embed height"
          size="sm"
          value={height}
          onChange={setHeight}
          options={[
            { value: 'shape', label: 'Follow the map’s shape' },
            { value: 'fixed', label: 'Fixed 600 px' },
          ]}
        />
        <Snippet
          label="Iframe (works everywhere, including site builders)"
          code={iframeSnippet(origin, mapId, map.title, size)}
        />
        <Snippet
          label="Script tag (no iframe; the map sizes itself and emits events)"
          code={scriptSnippet(origin, mapId)}
        />
        <EmbedHints origin={origin} url={url} />
      </details>
      <QrSection url={url} />
      <div className="confirm__actions">
        {/* Only once visitors can see it: before that the address answers “Map not found”. */}
        {map.published && (
          <a className="btn btn--secondary" href={url} target="_blank" rel="noopener">
            Open the public map
          </a>
        )}
        {/* Publish is the one primary action until visitors see the draft: a primary Done beside it read as the
            way to finish, and closed the dialog with nothing published. */}
        <button
          type="button"
          className={`btn ${map.publication === 'published' ? 'btn--primary' : 'btn--secondary'}`}
          onClick={onClose}
        >
          Done
        </button>
      </div>
    </Modal>
  );
}
