/** Summarises a V8 CPU profile (`node --cpu-prof`) as Markdown: self time by package and the top functions. */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
/** The parts of a `.cpuprofile` this reads. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const PSEUDO = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);

/** Where a frame's code lives: an npm package, a layer of ours, a Node.js internal, V8 itself. */
export function packageOf(frame: CallFrame, root: string): string {
  if (PSEUDO.has(frame.functionName)) return frame.functionName;
  const { url } = frame;
  if (!url) return '(V8 built-ins and native)';
  if (url.startsWith('wasm:')) return '@electric-sql/pglite (WASM: PostgreSQL itself)';
  if (url.startsWith('node:')) {
    const parts = url.slice(5).split('/');
    return parts[0] === 'internal' ? `node:internal/${parts[1]?.replace(/\.js$/, '') ?? ''}` : `node:${parts[0]}`;
  }
  const at = url.lastIndexOf('/node_modules/');
  if (at >= 0) {
    const rest = url.slice(at + 14).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const local = url.replace(/^file:\/\//, '').replace(root, '');
  const parts = local.split('/');
  return parts[0] === 'src' && parts[1] === 'server'
    ? `ours: src/server/${parts[2]?.includes('.') ? '(top)' : parts[2]}`
    : `ours: ${parts.slice(0, 2).join('/')}`;
}

/** Self time (ms) per node over the samples taken between `fromUs` and `toUs` (the profile's own clock). */
function selfTimes(profile: CpuProfile, fromUs: number, toUs: number): Map<number, number> {
  const self = new Map<number, number>();
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    at += profile.timeDeltas[index] ?? 0;
    if (at < fromUs || at > toUs) continue;
    // A sample's time is the gap to the next one.
    const span = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = profile.samples[index]!;
    self.set(node, (self.get(node) ?? 0) + span);
  }
  return self;
}

/** The summary of a window of a profile, as Markdown lines: totals, self time by package, the `top` functions. */
export function summariseProfile(
  profile: CpuProfile,
  { fromUs, toUs, root, top = 30 }: { fromUs: number; toUs: number; root: string; top?: number },
): {
  lines: string[];
  busyMs: number;
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = selfTimes(profile, fromUs, toUs);
  const packages = new Map<string, number>();
  const functions = new Map<string, { ms: number; pkg: string }>();
  let total = 0;
  let idle = 0;
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    total += ms;
    if (frame.functionName === '(idle)') {
      idle += ms;
      continue;
    }
    const pkg = packageOf(frame, root);
    packages.set(pkg, (packages.get(pkg) ?? 0) + ms);
    const where = frame.url
      ? ` ${frame.url
          .replace(/^file:\/\//, '')
          .replace(root, '')
          .replace(/^.*\/node_modules\//, '')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'}${where}`;
    const entry = functions.get(key) ?? { ms: 0, pkg };
    entry.ms += ms;
    functions.set(key, entry);
  }
  const busy = total - idle;
  const pct = (ms: number) => `${((ms / busy) * 100).toFixed(1)} %`;
  const lines = [
    `Sampled ${(total / 1000).toFixed(1)} s, of which ${(busy / 1000).toFixed(1)} s busy (not idle); shares below are of the busy time.`,
    '',
    '| package or layer | self ms | share |',
    '|---|---:|---:|',
    ...[...packages.entries()]
      .sort((a, b) => b[1] - a[1])
      .filter(([, ms]) => ms / busy >= 0.002)
      .map(([pkg, ms]) => `| ${pkg} | ${ms.toFixed(0)} | ${pct(ms)} |`),
    '',
    `| top ${top} functions by self time | package | self ms | share |`,
    '|---|---|---:|---:|',
    ...[...functions.entries()]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, top)
      .map(([name, { ms, pkg }]) => `| \`${name.replaceAll('|', '\\|')}\` | ${pkg} | ${ms.toFixed(0)} | ${pct(ms)} |`),
  ];
  return { lines, busyMs: busy };
}
