/** Samples the resident memory of a process and all its descendants from /proc (Linux), keeping the peaks. */
import { readdir, readFile } from 'node:fs/promises';

/** The peaks seen so far, in bytes. */
export interface MemoryPeaks {
  /** The largest sum of VmRSS over the process tree at one sample. */
  treeRss: number;
  /** The largest VmHWM (the kernel's own high-water mark) of any one process of the tree. */
  processHwm: number;
  /** The command of that process. */
  processHwmCommand: string;
}

async function parentOf(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: the fields after the last ')' are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

/** The pid and all its living descendants. */
export async function processTree(root: number): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const children = new Map<number, number[]>();
  await Promise.all(
    pids.map(async (pid) => {
      const parent = await parentOf(pid);
      if (parent === null) return;
      const list = children.get(parent) ?? [];
      list.push(pid);
      children.set(parent, list);
    }),
  );
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

async function status(pid: number): Promise<{ rss: number; hwm: number; command: string } | null> {
  try {
    const text = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    const command = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ').trim();
    return { rss: kib('VmRSS'), hwm: kib('VmHWM'), command };
  } catch {
    return null;
  }
}

/** Samples `root`'s tree every `intervalMs` until stop() (which resolves with the peaks); `now()` reads the last sample. */
export function sampleMemory(root: number, intervalMs = 500): { now(): number; stop(): Promise<MemoryPeaks> } {
  const peaks: MemoryPeaks = { treeRss: 0, processHwm: 0, processHwmCommand: '' };
  let last = 0;
  let running = true;
  const sample = async () => {
    let sum = 0;
    for (const pid of await processTree(root)) {
      const found = await status(pid);
      if (!found) continue;
      sum += found.rss;
      if (found.hwm > peaks.processHwm) {
        peaks.processHwm = found.hwm;
        peaks.processHwmCommand = found.command;
      }
    }
    last = sum;
    peaks.treeRss = Math.max(peaks.treeRss, sum);
  };
  const loop = (async () => {
    while (running) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    now: () => last,
    async stop() {
      running = false;
      await loop;
      return peaks;
    },
  };
}
