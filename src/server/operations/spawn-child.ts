import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { currentStopSignal } from './stop-signal';

/** The child programs, each an entry file in operations/children/ (and, built, in the bundle's children/). */
export type ChildEntry =
  'compose-mockups-child' | 'cut-ratios-child' | 'decode-master-child' | 'read-palette-child' | 'render-demo-child';

export interface ChildOptions {
  /** Node's own flags for the child, such as --expose-gc. */
  execArgv?: string[];
  /** 'advanced' (structured clone) lets bytes cross as bytes rather than as JSON arrays of numbers. */
  serialization?: 'json' | 'advanced';
}

// Built, this file is part of dist/server-app/main.js and the children are bundled beside it in children/ (each
// with nothing but sharp and its pure helpers, scripts/build/build-server.ts); from the sources (tsx, vitest) the
// child's TypeScript runs through tsx's loader, resolved from here so that the working folder does not matter.
const compiled = !import.meta.url.endsWith('.ts');

function childCommand(entry: ChildEntry): string[] {
  const file = path.join(import.meta.dirname, 'children', `${entry}.${compiled ? 'js' : 'ts'}`);
  if (compiled) return [file];
  return ['--import', createRequire(import.meta.url).resolve('tsx'), file];
}

/**
 * A short-lived node process that runs a child entry and talks over IPC. Work that decodes large pictures runs in
 * one: sharp's threads leave glibc's malloc arenas holding what a large picture took, for the life of the process,
 * and the store must not keep that. One malloc arena, so the child's memory stays near what it holds at the moment;
 * it ends when its work does.
 */
export function spawnChild(entry: ChildEntry, options: ChildOptions = {}): ChildProcess {
  const child = spawn(process.execPath, [...(options.execArgv ?? []), ...childCommand(entry)], {
    env: { ...process.env, MALLOC_ARENA_MAX: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: options.serialization ?? 'json',
  });
  endOnStop(child, currentStopSignal());
  return child;
}

/** A child started by a worker's job ends when the worker is stopped (stop-signal.ts says why). */
function endOnStop(child: ChildProcess, signal: AbortSignal | undefined): void {
  if (!signal) return;
  const end = () => child.kill('SIGKILL');
  if (signal.aborted) return void end();
  signal.addEventListener('abort', end, { once: true });
  child.once('exit', () => signal.removeEventListener('abort', end));
}
