/** What the admin commands (`npm run merchant`, `npm run jobs`) share: through the running server, else on the database. */
import { existsSync } from 'node:fs';
import { loadConfig } from '../src/server/config.ts';
import { localAdminSocket } from '../src/server/local-admin.ts';

/**
 * Runs a command through the running server's local admin socket when there is one (the server owns an embedded
 * database's folder), else directly on the database; answers the exit code.
 */
export async function throughServerOrDirect(
  viaServer: (socketPath: string, dataDir: string) => Promise<number>,
  direct: () => Promise<number>,
): Promise<number> {
  const { dataDir } = loadConfig();
  const socketPath = localAdminSocket(dataDir);
  if (existsSync(socketPath)) {
    try {
      return await viaServer(socketPath, dataDir);
    } catch (error) {
      // A socket left by a server that died: work on the database directly.
      if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw error;
    }
  }
  return direct();
}

/** Runs a command's `main` and exits with its code; an error is printed as its message, exit code 1. */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
