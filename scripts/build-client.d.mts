/** The page's sources (src/web/client). */
export declare const CLIENT_DIR: string;
/** Builds the web page from src/web/client into `outDir`: app.js bundled by esbuild, the static files copied. */
export declare function buildClient(outDir: string): Promise<void>;
