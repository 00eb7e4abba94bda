/** What scripts/update-site.ts tells the server that runs it (services/site-builder.ts) through its exit code. */

/** The exit code of an update that cannot be done in place: the site needs a full build. */
export const NEEDS_FULL_BUILD = 3;
