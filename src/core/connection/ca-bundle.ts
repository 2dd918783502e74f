const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * The certificates of a PEM bundle (a file of certificate authorities for `AnalyzerConfig.ca`), each checked to be
 * one. Throws an Error whose message says what is wrong, for a face to prefix with the file or variable at fault:
 * `no certificate in it`, `certificate 2 is not valid: ...`.
 */
export function parseCaBundle(text: string): string[] {
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) throw new Error('no PEM certificate in it (-----BEGIN CERTIFICATE----- ...)');
  // Loaded here, not with the module: only `--ca` needs node:crypto, and a run without it need not load it.
  const { X509Certificate } = process.getBuiltinModule('node:crypto');
  blocks.forEach((block, index) => {
    try {
      new X509Certificate(block);
    } catch {
      const which = blocks.length === 1 ? 'the certificate' : `certificate ${index + 1}`;
      throw new Error(`${which} in it is not a valid PEM certificate`);
    }
  });
  return blocks;
}
