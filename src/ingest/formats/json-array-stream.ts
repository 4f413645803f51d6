/**
 * A JSON array read element by element: a byte tokenizer tracks depth, strings and escapes, and
 * each top-level element is decoded and parsed on its own, so a large array (Skills England's
 * ~78 MB of standards) never becomes one string or one tree. An element over `maxElementBytes`
 * throws before it is decoded; so does anything but one array (leading whitespace and a BOM aside).
 */

const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const BOM = [0xef, 0xbb, 0xbf];
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

interface ArrayStreamOptions {
  /** What is read, for messages. */
  what: string;
  /** The largest element accepted, in bytes. */
  maxElementBytes: number;
}

export class JsonArrayStream {
  private state: 'start' | 'between' | 'element' | 'done' = 'start';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: Uint8Array[] = [];
  private size = 0;
  private offset = 0;
  private count = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(
    private readonly options: ArrayStreamOptions,
    private readonly onElement: (element: unknown, index: number) => void,
  ) {}

  /** Reads the next bytes of the array; elements completed in them are handed on in order. */
  write(chunk: Uint8Array): void {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.state === 'element') {
        const closed = this.insideElement(b);
        if (closed) {
          this.finishElement(chunk.subarray(from, i));
          this.state = closed === 'array' ? 'done' : 'between';
        }
      } else if (this.outsideElement(b, this.offset + i)) {
        this.state = 'element';
        from = i;
        i--; // the element's first byte is tokenized as part of it
      }
    }
    if (this.state === 'element') this.keep(chunk.subarray(from));
    this.offset += chunk.length;
  }

  /** One byte of an element: whether it closes the element (a comma) or the array (its bracket). */
  private insideElement(b: number): 'element' | 'array' | null {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (b === BACKSLASH) this.escaped = true;
      else if (b === QUOTE) this.inString = false;
      return null;
    }
    if (b === QUOTE) this.inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) this.depth++;
    else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
      if (this.depth === 0) return 'array';
      this.depth--;
    } else if (b === COMMA && this.depth === 0) return 'element';
    return null;
  }

  /** One byte between elements (or before the array, or after it): whether an element starts. */
  private outsideElement(b: number, position: number): boolean {
    // Whitespace, and a byte order mark before the array.
    if (isSpace(b) || (this.state === 'start' && position < 3 && b === BOM[position])) return false;
    if (this.state === 'start') {
      if (b !== OPEN_ARRAY) throw new Error(`${this.options.what}: not a JSON array`);
      this.state = 'between';
      return false;
    }
    if (this.state === 'done') throw new Error(`${this.options.what}: bytes after the array's end`);
    if (b === CLOSE_ARRAY && this.count === 0) {
      this.state = 'done';
      return false;
    }
    return true;
  }

  /** The array must have ended; returns how many elements it had. */
  end(): number {
    if (this.state !== 'done') throw new Error(`${this.options.what}: the array is cut short (no closing bracket)`);
    return this.count;
  }

  private keep(part: Uint8Array): void {
    this.size += part.length;
    if (this.size > this.options.maxElementBytes)
      throw new Error(
        `${this.options.what}: element ${this.count + 1} is over ${this.options.maxElementBytes} bytes, the most an element may be`,
      );
    if (part.length > 0) this.parts.push(part);
  }

  private finishElement(last: Uint8Array): void {
    this.keep(last);
    const bytes = this.parts.length === 1 ? this.parts[0]! : concat(this.parts, this.size);
    let element: unknown;
    try {
      element = JSON.parse(this.decoder.decode(bytes));
    } catch (error) {
      throw new Error(
        `${this.options.what}: element ${this.count + 1} is not UTF-8 JSON (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    this.parts = [];
    this.size = 0;
    this.onElement(element, this.count++);
  }
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const CHUNK = 1 << 20;

/** Each element of the JSON array in `bytes`, in order; returns how many there were. */
export function forEachArrayElement(
  bytes: Uint8Array,
  options: ArrayStreamOptions,
  onElement: (element: unknown, index: number) => void,
): number {
  const stream = new JsonArrayStream(options, onElement);
  for (let at = 0; at < bytes.length; at += CHUNK) stream.write(bytes.subarray(at, at + CHUNK));
  return stream.end();
}
