/** `npm run register:check`: prints the register's differences from the SDK and Glean's published sources; fails on an unexplained one. */
import { explainedDifferences, registerDifferences } from './register-drift.js';

const differences = registerDifferences();
const unexplained = differences.filter((difference) => !explainedDifferences[difference]);
for (const difference of differences) {
  const reason = explainedDifferences[difference];
  console.log(reason ? `  explained  ${difference}\n             (${reason})` : `✖ unexplained  ${difference}`);
}
console.log(`\n${differences.length} differences, ${unexplained.length} unexplained.`);
process.exitCode = unexplained.length > 0 ? 1 : 0;
