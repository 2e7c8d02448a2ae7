// Runs one benchmark module and prints its figures plus this process's peak RSS as JSON.

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const file = process.argv[2];
const { default: bench } = await import(pathToFileURL(resolve(file)).href);
const result = await bench();
const peakRssBytes = process.resourceUsage().maxRSS * 1024;
process.stdout.write(JSON.stringify({ ...result, peakRssBytes }));
