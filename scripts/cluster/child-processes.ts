// Processes as /proc shows them: whom a process started, and whether one is still there. A print pack is cut in a
// child process of the instance, and a kill -9 of the instance must not leave that child working on.
import fs from 'node:fs';

/** The fields of /proc/<pid>/stat after the command's parentheses: state, then the parent's pid. */
function statOf(pid: number): { state: string; ppid: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state = '', ppid = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** The pids whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((candidate) => statOf(candidate)?.ppid === pid);
}

/** Running, not ended (a zombie has ended: it only waits for its parent to read its exit). */
export function isAlive(pid: number): boolean {
  const stat = statOf(pid);
  return stat !== null && stat.state !== 'Z' && stat.state !== 'X';
}
