// Runs one official tool from npm, unmodified, in its own process (so NODE_EXTRA_CA_CERTS can trust the test's TLS
// front): `node run-tool.cjs migration <options.json>` or `node run-tool.cjs import <options.json>`.
// Exits 0 when the tool succeeded; otherwise prints the tool's error and exits 1.
const fs = require('node:fs');

async function main() {
  const [tool, optionsFile] = process.argv.slice(2);
  const options = JSON.parse(fs.readFileSync(optionsFile, 'utf8'));
  if (tool === 'migration') {
    const { runMigration } = require('contentful-migration');
    await runMigration({ ...options, yes: true });
  } else if (tool === 'import') {
    const contentfulImport = require('contentful-import');
    await contentfulImport({ ...options, useVerboseRenderer: true });
  } else {
    throw new Error(`unknown tool ${tool}`);
  }
}

main().then(() => process.exit(0), (error) => {
  console.error('TOOL FAILED:', error && (error.stack || error.message || error));
  if (error && error.errors) console.error(JSON.stringify(error.errors, null, 2).slice(0, 20000));
  process.exit(1);
});
