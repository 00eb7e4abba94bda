/** The account side as one plugin: builds its services and registers its routes. */
import type { FastifyInstance } from 'fastify';
import type { AccountOptions } from '../auth/account-settings.ts';
import type { Database } from '../db/database.ts';
import { createAccountContext } from './account-context.ts';
import { accountRoutes } from './account-routes.ts';
import { oauthRoutes } from './oauth-routes.ts';
import { passwordResetRoutes } from './password-reset-routes.ts';
import type { RequestUser } from './request-user.ts';
import { socialRoutes } from './social-routes.ts';

/** What the account side is built from. */
export interface AccountsPluginOptions {
  db: Database;
  now: () => Date;
  requestUser: RequestUser;
  accounts?: AccountOptions;
}

/** Registers every account route: login methods, authCheck, user, guests, registration, tokens, reset, social. */
export async function accountsPlugin(app: FastifyInstance, options: AccountsPluginOptions): Promise<void> {
  const ctx = createAccountContext(
    app,
    { db: options.db, now: options.now, requestUser: options.requestUser, log: (line) => app.log.info(line) },
    options.accounts,
  );
  await accountRoutes(app, ctx);
  await oauthRoutes(app, ctx);
  await passwordResetRoutes(app, ctx);
  await socialRoutes(app, ctx);
}
