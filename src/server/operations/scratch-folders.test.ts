import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeOrphanedScratch } from './scratch-folders';

describe('scratch folders of killed workers', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'scratch-test-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('removes the folders of processes that are gone, and keeps those of running ones and everything else', async () => {
    // A process that has ended: its pid is free (or taken by another process, which only keeps the folder).
    const ended = spawnSync(process.execPath, ['--version']).pid;
    const gone = [`pack-master-${ended}-abc`, `print-pack-${ended}-def`, `ratio-png-${ended}-ghi`];
    const kept = [
      `pack-master-${process.pid}-jkl`,
      `print-pack-${process.ppid}-mno`,
      'pack-master-notapid',
      'other-1-x',
    ];
    for (const name of [...gone, ...kept]) fs.mkdirSync(path.join(folder, name));
    fs.writeFileSync(path.join(folder, gone[0]!, 'master'), 'a large master');

    expect(await removeOrphanedScratch(folder)).toBe(3);
    expect(fs.readdirSync(folder).sort()).toEqual([...kept].sort());
  });
});
