#!/usr/bin/env node
import { main } from '../src/app';

main();
