/** Where the site build tells its pages the cached merchant list is: scripts/build-site.ts sets it, src/lib/build reads it. */

/** The environment variable naming the cached merchant list file. */
export const MERCHANTS_FILE_ENV = 'COUVERT_MERCHANTS_FILE';
