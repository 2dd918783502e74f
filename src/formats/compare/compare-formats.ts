/** `hoplens compare`'s format names, apart from their writers: the command line declares them at start-up. */
export const COMPARE_FORMATS = ['table', 'json', 'csv', 'html'] as const;
export type CompareFormat = (typeof COMPARE_FORMATS)[number];
