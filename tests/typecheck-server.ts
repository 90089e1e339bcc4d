import { createServer } from 'node:http';
import type { FixOutput } from './fix-outputs.js';
import { fixOutputProblems } from './typecheck.js';

/**
 * The type-check of the fixed outputs each test file records (tests/setup.ts), in one process for the
 * whole run (tests/global-setup.ts starts it). Vitest gives every test file a process of its own, and
 * a first check there spends seconds reading and binding the default libraries, @types/node and the
 * SDK's declarations; here that is done once per tsconfig and kept (tests/typecheck.ts).
 *
 * POST a JSON array of fix outputs; the answer is the JSON array of `fixOutputProblems`.
 */
const server = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    try {
      const problems = fixOutputProblems(JSON.parse(body) as FixOutput[]);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(problems));
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end((error as Error).stack ?? String(error));
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the type-check server has no port');
  process.send!({ url: `http://127.0.0.1:${address.port}/` });
});
// Gone with the run that started it.
process.on('disconnect', () => process.exit(0));
