/** The draft definition's types for the sections (they live in src/lib/settings, where the store and its checks read them too). */
export type * from '../../lib/settings/definition-draft.ts';
