/** What the site benchmarks say about the machine they ran on (shared: the load average says how shared). */
import os from 'node:os';

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

/** One line per fact: cores, memory, kernel, Node. */
export function machineLines(): string[] {
  const cpus = os.cpus();
  return [
    `${cpus.length} × ${cpus[0]?.model?.trim() || 'unknown CPU'}`,
    `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB memory`,
    `${os.type()} ${os.release()} (${os.arch()})`,
    `Node ${process.versions.node}`,
  ];
}
