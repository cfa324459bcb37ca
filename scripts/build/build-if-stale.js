// Before `npm start`: builds the store (`npm run build`) only when the build is missing or older than what it is
// built from, so a restart takes the store's own start-up time, not a client build's.
// Plain JavaScript on purpose: it runs on every start, and node starts it in a tenth of the time tsx needs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stdout } from 'node:process';

const root = path.resolve(import.meta.dirname, '../..');
// The last file `npm run build` writes: it exists and is newer than every input only after a whole build.
const BUILT = path.join(root, 'dist/server-app/main.js');
const INPUTS = ['src', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];

/** The newest modification time (ms) of a file, or of any file below a folder; tests are not built, so not counted. */
function newestChange(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat || /\.test\.tsx?$/.test(file)) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestChange(path.join(file, entry)));
  return newest;
}

const built = fs.statSync(BUILT, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changed = Math.max(...INPUTS.map((input) => newestChange(path.join(root, input))));
if (built === 0 || changed > built) {
  stdout.write(
    built === 0 ? 'No build yet: building the store.\n' : 'Sources changed since the last build: building the store.\n',
  );
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
