/**
 * The extensions of asset requests, left out of the count unless `includeAssets`: what a page loads rather than
 * what a visitor or a link asks for. Documents (pdf, docx...) are not assets: people and other sites link to them.
 */
export const ASSET_EXTENSIONS: ReadonlySet<string> = new Set([
  // Styles and scripts.
  'css',
  'js',
  'mjs',
  'map',
  // Images.
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'svg',
  'ico',
  'bmp',
  'tif',
  'tiff',
  // Fonts.
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  // Media a page embeds.
  'mp4',
  'webm',
  'mp3',
  'ogg',
  'wav',
  // Manifests and modules.
  'webmanifest',
  'wasm',
]);

/** Whether a path (no query) ends in an asset's extension, compared without case. */
export function isAssetPath(path: string): boolean {
  const dot = path.lastIndexOf('.');
  if (dot === -1 || dot < path.lastIndexOf('/')) return false;
  return ASSET_EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}
