// Prints the failed tests of the last `npm test`, read from the JSON reports the two Vitest projects write.
// Both projects run side by side, so a failure of the one that ends first scrolls far up the log; CI keeps only
// the log's tail, and this summary is what ends it.
import console from 'node:console';
import fs from 'node:fs';
import process from 'node:process';

const reports = ['test-results/unit.json', 'test-results/e2e.json'];
const firstLines = (text, count) => text.split('\n').slice(0, count).join('\n    ');

for (const report of reports) {
  if (!fs.existsSync(report)) {
    console.log(`${report}: no report (the project did not finish)`);
    continue;
  }
  const { numFailedTests, numFailedTestSuites, testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
  console.log(`${report}: ${numFailedTests} failed tests, ${numFailedTestSuites} failed files`);
  for (const file of testResults) {
    if (file.status !== 'failed') continue;
    console.log(`  FAIL ${file.name.replace(`${process.cwd()}/`, '')}`);
    if (file.message) console.log(`    ${firstLines(file.message, 6)}`);
    for (const test of file.assertionResults.filter((result) => result.status === 'failed')) {
      console.log(`  - ${test.fullName}`);
      console.log(`    ${firstLines(test.failureMessages.join('\n'), 6)}`);
    }
  }
}
