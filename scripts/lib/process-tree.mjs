// A process tree's memory and CPU, read from /proc: used by the build-phase record of npm test
// (scripts/build-phases.mjs) and by the bench/ scripts.
import { readdirSync, readFileSync } from 'node:fs';

export const PAGE_SIZE = 4096;
/** /proc/<pid>/stat counts CPU time in clock ticks (USER_HZ, 100 on Linux). */
const TICKS = 100;

function processTable() {
  const rows = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime stime cutime cstime: the process's CPU plus that of its waited-for children.
      const cpu = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS;
      rows.set(Number(entry), { ppid: Number(fields[1]), rss: Number(fields[21]) * PAGE_SIZE, cpu });
    } catch {
      /* exited meanwhile */
    }
  }
  return rows;
}

/** RSS (bytes) and CPU seconds summed over `rootPid` and all its descendants, their count and pids. */
export function treeStats(rootPid) {
  const rows = processTable();
  const children = new Map();
  for (const [pid, { ppid }] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let total = 0;
  let cpu = 0;
  let count = 0;
  const seen = [];
  const stack = [rootPid];
  while (stack.length && count < 10000) {
    const pid = stack.pop();
    if (rows.has(pid)) seen.push(pid);
    total += rows.get(pid)?.rss ?? 0;
    cpu += rows.get(pid)?.cpu ?? 0;
    count++;
    stack.push(...(children.get(pid) ?? []));
  }
  return { total, cpu, processes: count, pids: seen };
}
