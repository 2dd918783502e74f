/**
 * Lines and columns of offsets in a text. Line ends are LF, CRLF or a lone CR, as CommonMark counts them (spec 2.1,
 * "line ending"), so that a file saved on Windows reports the same lines as its editor shows.
 */
export class TextPositions {
  readonly #starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) this.#starts.push(i + 1);
    }
  }

  /** How many lines the text has. */
  get lineCount(): number {
    return this.#starts.length;
  }

  /** Offset of the start of a 0-based line (the text's length past the last line). */
  lineStart(line: number): number {
    return line < this.#starts.length ? this.#starts[line]! : this.text.length;
  }

  /** The 1-based line and column of an offset. */
  at(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.#starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.#starts[low]! + 1 };
  }
}
