/** `npm run reset`: wipes the local stack's data (.data/). Stop `npm start` first. */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './local/gateway';

const dataDir = path.resolve(REPO_ROOT, process.env.MAPNEST_DATA_DIR ?? '.data');
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `Removed ${path.relative(REPO_ROOT, dataDir) || dataDir}. The next npm start seeds a fresh administrator and demo map.`,
);
