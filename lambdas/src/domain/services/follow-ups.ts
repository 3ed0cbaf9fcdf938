/**
 * The follow-ups' runner as the Lambdas call it (ADR 045, 047): the work a kept follow-up stands for, bound to the
 * real adapters (a map's public copy through the maps service, an email through SES or the dev mailbox to the
 * account's address, the rest of a map's deletion), for the table stream's trigger and the hourly sweep. Only they carry it.
 */
import { BRAND } from '@mapnest/shared/constants';
import { followUps } from '../../adapters/follow-ups';
import * as objects from '../../adapters/maps/map-objects';
import * as mapTable from '../../adapters/maps/map-table';
import { escapeHtml, sendMail } from '../../adapters/mailer';
import { userPool } from '../../adapters/user-pool';
import { lapseSummaryOf, type Notice } from '../billing/billing-notices';
import type { FollowUpWorkers } from '../follow-ups';
import { dropUnmadeDocument } from '../save-outcomes';
import { finishOwedDeletion } from '../map-deletion';
import { deleteDays } from '../../adapters/analytics-table';
import { publishLatest } from './maps';

/**
 * Delivers a notice to the user's current address (none for a user who no longer has one: a deleted account), or
 * to `to`, an address the account had (the email confirming its deletion, the one telling the previous address of an
 * email change). Throws when it cannot be sent, so
 * the follow-up stays due.
 */
export async function deliverNotice(uid: string, notice: Notice & { to?: string }): Promise<void> {
  const email = notice.to ?? (await userPool.emailOf(uid));
  if (!email) return;
  await sendMail({
    to: [email],
    subject: `${notice.subject} - ${BRAND}`,
    text: notice.paragraphs.join('\n\n'),
    html: notice.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  });
}

/**
 * Delivers the summary of the owner's maps that went back to test, or moved to Basic, at `at` (reconcileSlots), worded
 * from the maps as they are now: those still there since then. None (all brought back since): nothing is sent.
 */
export async function deliverLapseSummary(uid: string, why: string, at: string): Promise<void> {
  const notice = lapseSummaryOf(await mapTable.list('owner', uid), why, at);
  if (notice) await deliverNotice(uid, notice);
}

/** What a runner of follow-ups needs: the table's follow-ups and the kinds of work. */
export const followUpRunner: { followUps: typeof followUps } & FollowUpWorkers = {
  followUps,
  publishLatest,
  deliverNotice,
  deliverLapseSummary,
  dropUnmadeDocument: (mapId, version, key) =>
    dropUnmadeDocument(
      {
        mapTable: { get: mapTable.get, historyEntry: mapTable.historyEntry },
        mapObjects: { deleteDocument: objects.deleteDocument },
      },
      mapId,
      version,
      key,
    ),
  finishDeletion: (mapId) =>
    finishOwedDeletion(
      {
        mapTable: {
          get: mapTable.get,
          markDeleting: mapTable.markDeleting,
          history: mapTable.history,
          deleteHistoryEntry: mapTable.deleteHistoryEntry,
          finishDelete: mapTable.finishDelete,
        },
        mapObjects: { unpublish: objects.unpublish, deleteAllDocuments: objects.deleteAllDocuments },
        analyticsTable: { deleteDays },
        followUps,
      },
      mapId,
    ),
};
