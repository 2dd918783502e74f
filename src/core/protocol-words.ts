/**
 * What a malformed HTTP/1.1 response did wrong, in words. The grammar llhttp and undici enforce is RFC 9112's: the
 * status line (§4), field lines (§5), message body length (§6.3), chunks (§7.1).
 */
const BY_CODE: Readonly<Record<string, string>> = {
  HPE_INVALID_CONSTANT: 'the response does not start with an HTTP status line',
  HPE_INVALID_VERSION: 'the status line has an invalid HTTP version',
  HPE_INVALID_STATUS: 'the status line has no valid status code',
  HPE_INVALID_HEADER_TOKEN: 'a header contains a character not allowed there',
  HPE_INVALID_CONTENT_LENGTH: 'the Content-Length header is not a valid length',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'the response has both Content-Length and Transfer-Encoding',
  HPE_INVALID_TRANSFER_ENCODING: 'the Transfer-Encoding header is invalid',
  HPE_INVALID_CHUNK_SIZE: 'a chunk of the body has an invalid size',
  HPE_CR_EXPECTED: 'a line does not end with CRLF',
  HPE_LF_EXPECTED: 'a line does not end with CRLF',
  HPE_INVALID_EOF_STATE: 'the connection closed in the middle of the response',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the body is not as long as its Content-Length says',
};

/**
 * llhttp's reasons, matched on its text: undici's parser errors often arrive without a code, their message wrapping
 * llhttp's as `Response does not match the HTTP/1.1 protocol (Invalid status code)`.
 */
const BY_TEXT: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Expected HTTP\//, BY_CODE.HPE_INVALID_CONSTANT!],
  [/status code/i, BY_CODE.HPE_INVALID_STATUS!],
  [/version/i, BY_CODE.HPE_INVALID_VERSION!],
  [/header (value|token|field)|header name/i, BY_CODE.HPE_INVALID_HEADER_TOKEN!],
  [
    /both Content-Length and Transfer-Encoding|Content-Length can't be present/i,
    BY_CODE.HPE_UNEXPECTED_CONTENT_LENGTH!,
  ],
  [/content-length/i, BY_CODE.HPE_INVALID_CONTENT_LENGTH!],
  [/transfer-encoding/i, BY_CODE.HPE_INVALID_TRANSFER_ENCODING!],
  [/chunk size/i, BY_CODE.HPE_INVALID_CHUNK_SIZE!],
  [/expected (CR|LF)|Missing expected (CR|LF)/i, BY_CODE.HPE_CR_EXPECTED!],
];

const WRAPPER = /^Response does not match the HTTP\/1\.1 protocol \((.*)\)$/s;

/** The words for a protocol error, from its code, else from llhttp's text, else that text itself without its capital. */
export function protocolWords(code: string, message: string): string {
  const known = BY_CODE[code];
  if (known !== undefined) return known;
  const text = (WRAPPER.exec(message.trim())?.[1] ?? message).trim();
  const matched = BY_TEXT.find(([pattern]) => pattern.test(text));
  if (matched !== undefined) return matched[1];
  if (text === '') return 'the response is not valid HTTP/1.1';
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
