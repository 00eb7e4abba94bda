/**
 * Before the end-to-end tests: Debian's Chromium must be at /usr/bin/chromium (no browser is ever
 * downloaded). Installs it with apt-get when missing and allowed (root), else says how.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(`The end-to-end tests drive Debian's Chromium at ${CHROMIUM}: install it with\n  sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log(`Installing Debian's Chromium for the end-to-end tests...`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit' });
}
