import { Writable } from 'node:stream';
import pino from 'pino';

/** Every line a server logs, kept as written and readable as parsed JSON. */
export class LogCapture {
  readonly lines: string[] = [];
  readonly logger: pino.Logger;

  constructor(level: pino.LevelWithSilent = 'info') {
    this.logger = pino(
      { level },
      new Writable({
        write: (chunk: Buffer, _encoding, done) => {
          this.lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
  }

  entries(): any[] {
    return this.lines.flatMap((text) => text.split('\n').filter(Boolean)).map((line) => JSON.parse(line));
  }

  /** Everything written, as one text: what a reader of the log file would see. */
  text(): string {
    return this.lines.join('');
  }
}
