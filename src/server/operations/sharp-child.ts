import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * A short-lived node process that runs `program` (plain JavaScript, given `process.env.SHARP_PATH` to require sharp
 * from) and talks over IPC. Work that decodes large pictures runs in one: sharp's threads leave glibc's malloc
 * arenas holding what a large picture took, for the life of the process, and the store must not keep that. One
 * malloc arena, so the child's memory stays near what it holds at the moment; it ends when its work does.
 */
export function spawnSharpChild(program: string): ChildProcess {
  return spawn(process.execPath, ['-e', program], {
    env: { ...process.env, SHARP_PATH: createRequire(import.meta.url).resolve('sharp'), MALLOC_ARENA_MAX: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}
