/** The delimiters a list may use: comma, semicolon as European spreadsheets write, tab, and pipe. */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** The candidate seen most often outside quotes on the first line; comma when none is. */
export function detectDelimiter<D extends string>(text: string, candidates: readonly D[]): D | ',' {
  const counts = new Map<string, number>(candidates.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: D | ',' = ',';
  let most = counts.get(',') ?? 0;
  for (const [delimiter, count] of counts) {
    if (count > most) {
      best = delimiter as D;
      most = count;
    }
  }
  return best;
}

/** A delimiter as a download's `delimiter` parameter names it: tab by name, the others as themselves. */
export const DELIMITER_PARAMS = [',', ';', 'tab', '|'] as const;

/** What a download writes with: the parameter's delimiter when given, else the one the list was uploaded with. */
export function downloadDelimiter(uploaded: string, param: (typeof DELIMITER_PARAMS)[number] | undefined): CsvDelimiter {
  if (param !== undefined) return param === 'tab' ? '\t' : param;
  return (CSV_DELIMITERS as readonly string[]).includes(uploaded) ? (uploaded as CsvDelimiter) : ',';
}
