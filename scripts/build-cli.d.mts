/** The chunks' directory, beside dist/cli/. */
export declare const CLI_CHUNKS_DIR: string;
/** Builds the `hoplens` executable into `dist`: dist/cli/main.js and dist/cli-chunks/. */
export declare function buildCli(dist: string): Promise<void>;
/** Throws when the bundle in `dist` names an undici export undici lacks, or reads `__dirname`/`__filename`. */
export declare function assertBundleSound(dist: string): void;
