#!/usr/bin/env node
import { main } from '../src/app';

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
