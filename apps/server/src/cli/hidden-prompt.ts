import { createInterface } from 'node:readline';

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

/**
 * Asks for a secret on the terminal without echoing it (raw mode: nothing typed is shown). When stdin is not a
 * terminal (a pipe: `printf 'pass\n' | npm run ...`), the first line read is the answer. Null when input ends first.
 */
export function promptHidden(question: string): Promise<string | null> {
  const input = process.stdin;
  if (!input.isTTY) return firstLine();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (answer: string | null) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      resolve(answer);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (ENTER.has(char)) return finish(typed);
        if (char === CTRL_D) return finish(typed.length > 0 ? typed : null);
        if (char === CTRL_C) {
          finish(null);
          return reject(new Error('Cancelled.'));
        }
        if (BACKSPACE.has(char)) typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    // Echo is off before the question shows: nothing typed after it can appear.
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
    process.stderr.write(question);
  });
}

/** The first line of piped stdin; input is left paused, so the process can end. */
function firstLine(): Promise<string | null> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin, terminal: false });
    let answer: string | null = null;
    lines.once('line', (line) => {
      answer = line;
      lines.close();
    });
    lines.once('close', () => resolve(answer));
  });
}
