// Reading what a production server wrote to its log: one JSON object per line (pino). Plain Node
// (no vitest import).

export interface LogLine {
  level: string;
  time: string;
  msg: string;
  pid: number;
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  aborted?: boolean;
  err?: { type: string; message: string; stack?: string };
  [field: string]: unknown;
}

/** Every line of the output, parsed; throws naming the first line that is not a JSON object. */
export function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
        return parsed as LogLine;
      } catch {
        throw new Error(`a log line that is not JSON: ${line.slice(0, 300)}`);
      }
    });
}

/** The request lines (one per request) of the output. */
export const requestLines = (output: string) => logLines(output).filter((line) => line.method !== undefined);

/** The links in a mail file, its quoted-printable soft line breaks and `=3D` undone. */
export function linksInMail(eml: string): string[] {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  return [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
}
