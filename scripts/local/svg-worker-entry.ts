/** The worker thread of scripts/local/svg-worker.ts: checks each SVG it is sent and answers with the verdict. */
import { parentPort } from 'node:worker_threads';
import { checkSvg } from '../../lambdas/src/domain/files/svg-check';

parentPort!.on('message', (bytes: Uint8Array) => parentPort!.postMessage(checkSvg(bytes)));
